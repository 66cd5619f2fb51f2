# abort prints its message on stderr and exits 1
puts "out"
abort "fatal problem"
