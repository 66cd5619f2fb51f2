# hello.rb: a first program: classes, blocks, string formatting, threads.
class Greeter
  attr_reader :name

  def initialize(name)
    @name = name
  end

  def greet(greeting = "Hello")
    "#{greeting}, #{name}!"
  end
end

people = %w[Ada Grace Barbara]
people.each_with_index do |who, i|
  puts "%d. %s" % [i + 1, Greeter.new(who).greet]
end

squares = (1..5).map { |n| n * n }
puts "squares: #{squares.inspect}, sum #{squares.inject { |a, b| a + b }}"
puts "2**100 = #{2**100}"

threads = people.map { |who| Thread.new(who) { |w| w.length } }
puts "name lengths from threads: #{threads.map { |t| t.value }.inspect}"
