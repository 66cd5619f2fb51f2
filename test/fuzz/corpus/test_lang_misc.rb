# misc.rb: what did not fit elsewhere: 1.8-only core answers the language
# leans on ("a"[0], Array#to_s, p's value), comments and =begin/=end,
# line continuation, semicolons, __method__, caller, tap, object_id,
# frozen literals, string interpolation corners.
require 'assert'

test "1.8 core answers" do
  assert_equal 97, "a"[0]
  assert_equal "12", [1, 2].to_s
  assert_equal "1", [1, nil].join("")
  assert_equal "ab", "a" "b"
  assert_equal ["a\n", "b"], "a\nb".to_a
  lines = []
  "a\nb".each { |l| lines << l }              # 1.8: String#each is by line
  assert_equal ["a\n", "b"], lines
  assert_kind_of Enumerable, "string"
  assert_equal "abc", :abc.to_s
  assert_equal "XYZ", :upcase.to_proc.call("xyz")
  assert_equal "1.0", 1.0.to_s
  assert_equal "1.5", (3 / 2.0).to_s
  assert_equal 1, 3 / 2
  assert_equal "Fixnum", 1.class.to_s
  assert_equal [], nil.to_a
  assert_equal "a", ?a.chr
  assert_equal "[1, [2]]", [1, [2]].inspect
  assert_equal "{1=>2}", { 1 => 2 }.inspect
  assert_equal "nil", nil.inspect
  assert_equal "\"q\\\"\"", "q\"".inspect
end

test "p and puts return nil in 1.8" do
  saved = $stdout
  sink = Object.new
  def sink.write(s); s.size; end
  $stdout = sink
  begin
    assert_nil p(1)
    assert_nil puts("x")
    assert_nil print("y")
  ensure
    $stdout = saved
  end
end

=begin
This is an embedded document; nothing here runs.
raise "never"
=end

test "comments and line structure" do
  x = 1 +
      2
  assert_equal 3, x
  y = 1 \
      + 4
  assert_equal 5, y
  a = 1; b = 2; c = a + b;
  assert_equal 3, c
  z = [1,
       2,
       3]
  assert_equal 3, z.size
  w = {
    :a => 1,   # trailing comment
    :b => 2
  }
  assert_equal 2, w.size
  # a line starting with .method is 1.9 syntax
  assert_raise(SyntaxError) { eval("[1]\n  .size") }
  r = 5.
    to_s
  assert_equal "5", r
end

test "__method__ (1.8.7)" do
  def which_method; __method__; end
  assert_equal :which_method, which_method
end

test "caller" do
  def where_called; caller(1); end
  c = where_called
  assert_kind_of Array, c
  assert_match(/misc\.rb:\d+/, c.first)
  def depth_two; where_called; end
  assert_match(/in `depth_two'/, depth_two.first)
end

test "tap and then-like chaining (1.8.7)" do
  r = [1, 2].tap { |a| a.push(3) }
  assert_equal [1, 2, 3], r
end

test "string interpolation corners" do
  assert_equal "}", "#{"}"}"
  assert_equal "a\"b", "a#{'"'}b"
  h = { :k => "v" }
  assert_equal "v", "#{h[:k]}"
  assert_equal "x1y", "x#{[1].map { |i| i }}y"
  assert_equal "#", "#"
  assert_equal "#a", "#a"
  assert_equal "#@", "#@"
  assert_equal "\#{", '#{'
  n = 3
  assert_equal "3 items", "#{n} item#{'s' if n != 1}"
  assert_equal "line 2\n", "line #{1 +
    1}\n"
  assert_equal "tab\there", "tab\t#{"here"}"
  s = "abc"
  assert_equal "ABC", "#{s.upcase}"
  assert_equal "3", "#{s.length}"
  o = Object.new
  def o.to_s; "custom"; end
  assert_equal "custom", "#{o}"
  bad = Object.new
  def bad.to_s; 42; end
  assert_match(/\A#<Object:0x[0-9a-f]+>\z/, "#{bad}")   # to_s not a String: the default
end

test "literal strings are new objects each time" do
  a = []
  2.times { a << "lit" }
  assert_false a[0].equal?(a[1])
  a[0] << "x"
  assert_equal "lit", a[1]
  assert_same :s, :s
end

test "__FILE__ and __LINE__" do
  assert_equal "test/lang/misc.rb", __FILE__
  l = __LINE__
  assert_equal l + 1, __LINE__
  assert_equal File.basename(__FILE__), "misc.rb"
  assert_equal $0, __FILE__
end

test "global functions" do
  assert_kind_of Float, rand
  assert_true rand(10) < 10
  srand(42)
  a = rand(1000)
  srand(42)
  assert_equal a, rand(1000)
  assert_equal "x", format("%s", "x")
  assert_equal 0.0, sleep(0) * 0.0
  assert_equal [1, 2], Array([1, 2])
  assert_equal "str", String(:str)
  assert_equal 5, Integer(5.9)
  assert_equal 7, Integer("0b111")
  assert_equal 8, Integer("010")
  assert_true respond_to?(:puts, true)
end

test "Object#type is gone for real work but class is there" do
  assert_equal String, "s".class
  assert_equal NilClass, nil.class
end

test "numeric literal methods" do
  assert_equal "10", 10.to_s
  assert_equal "1010", 10.to_s(2)
  assert_equal 2, -2.abs
  assert_equal 2.5, -2.5.abs
  assert_equal [0, 1, 2], 3.times.to_a
  assert_equal 4, 4.2.floor
  assert_equal 5, 4.5.round
  assert_equal(-5, -4.5.round)
end
