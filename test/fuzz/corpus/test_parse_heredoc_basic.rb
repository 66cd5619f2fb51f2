# heredoc flavours
a = <<EOS
plain #{1}
EOS
b = <<-EOS
  indented end
  EOS
c = <<"EOS"
quoted\t#{2}
EOS
d = <<'EOS'
raw \t #{3}
EOS
e = <<`EOS`
echo hi
EOS
f = <<EOS
EOS
