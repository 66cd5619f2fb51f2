# SystemStackError from unbounded recursion, rescued, then reported
def down(n)
  down(n + 1)
end
begin
  down(0)
rescue SystemStackError => e
  puts "rescued: #{e.message}"
end
puts "still alive"
