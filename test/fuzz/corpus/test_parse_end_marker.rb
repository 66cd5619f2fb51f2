# __END__ ends the program
p DATA.read
__END__
this is data
__END__ again
