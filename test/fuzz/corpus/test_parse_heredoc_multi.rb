# several heredocs on a line, calls after them
foo(<<A, <<-B.strip, 3)
first
A
  second
  B
x = <<-EOS.strip.upcase # comment
  text
  EOS
y = [<<ONE, "#{<<TWO}"]
1
ONE
2
TWO
z = 1
