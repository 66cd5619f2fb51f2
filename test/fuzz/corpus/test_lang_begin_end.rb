# begin_end.rb: BEGIN blocks run before everything else (in order), END
# blocks and at_exit handlers run at exit, last registered first; an END
# inside a loop registers once.  Checked against begin_end.out.
puts "main 1"
BEGIN { puts "BEGIN 1" }
at_exit { puts "at_exit 1" }
END { puts "END 1" }
BEGIN { puts "BEGIN 2"; $began = true }
puts "began: #{$began.inspect}"
3.times { |i| END { puts "END in loop (once)" } }
at_exit do
  at_exit { puts "at_exit registered while exiting" } rescue nil
  puts "at_exit 2"
end
if false
  END { puts "never registered" }
end
x = 5
END { puts "END sees x=#{x}" }
puts "main 2"
