# an undefined local variable or method at the top level
puts "before"
undefined_thing
