# pp.rb: lib/pp.rb and lib/prettyprint.rb (pp, pretty_inspect, PP,
# PrettyPrint).  The expected layouts are 1.8.7's.
require 'assert'
require 'pp'

# Collects what is printed to $stdout.
class PPCapture
  attr_reader :text
  def initialize; @text = ""; end
  def write(s); @text << s.to_s; s.to_s.length; end
  def <<(s); write(s); self; end
end

def captured
  saved = $stdout
  $stdout = PPCapture.new
  begin
    yield
    $stdout.text
  ensure
    $stdout = saved
  end
end

PPPoint = Struct.new(:x, :y)

class PPObj
  def initialize(a, b); @b = b; @a = a; end
end

class PPWithInspect
  def inspect; "<mine>"; end
end

class PPWithToS
  def to_s; "to_s!"; end
end

class PPCustom
  def pretty_print(q)
    q.group(1, "<<", ">>") { q.text "a"; q.breakable; q.text "b" }
  end
end

test "pp prints and returns nil" do
  result = :unset
  out = captured { result = pp(1, "two", [3]) }
  assert_nil result
  assert_equal "1\n\"two\"\n[3]\n", out
  assert_equal "", captured { assert_nil pp }
  assert_false Object.new.respond_to?(:pp)     # private
  assert_equal "{:a=>1}\n", captured { Kernel.pp(:a => 1) }
end

test "short objects print their inspect" do
  [1, -2.5, 10**25, "s\n", :sym, nil, true, [], {}, [1, [2, {3 => "4"}]],
   1..2, "a"...'b', PPPoint.new(1, 2), Object, Exception.new("e")].each do |o|
    assert_equal o.inspect + "\n", o.pretty_inspect
  end
  assert_equal "<mine>\n", PPWithInspect.new.pretty_inspect
  assert_equal "to_s!\n", PPWithToS.new.pretty_inspect
  assert_match(/\A#<PPObj:0x[0-9a-f]+ @a=1, @b=2>\n\z/, PPObj.new(1, 2).pretty_inspect)
  assert_match(/\A#<Object:0x[0-9a-f]+>\n\z/, Object.new.pretty_inspect)
end

test "long arrays break one element per line" do
  assert_equal "[" + (1..40).to_a.join(",\n ") + "]\n", (1..40).to_a.pretty_inspect
  assert_equal (1..20).to_a.inspect + "\n", (1..20).to_a.pretty_inspect
  assert_equal "[\"#{'a' * 75}\"]\n", ["a" * 75].pretty_inspect          # 79 columns
  assert_equal "[\"#{'a' * 76}\",\n \"b\"]\n", ["a" * 76, "b"].pretty_inspect
  assert_equal "[[\"#{'a' * 76}\"]]\n", [["a" * 76]].pretty_inspect       # nothing to break
end

test "nesting" do
  expected = <<EOS
[[[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20],
  [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]],
 [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]]]
EOS
  a = (1..20).to_a
  assert_equal expected, [[a, a], [a]].pretty_inspect
end

test "hashes" do
  h = {:alpha => (1..15).to_a, :beta => "x" * 70, :gamma => {:d => [1, 2, 3], :e => "y" * 50}}
  expected = <<EOS
{:alpha=>[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
 :beta=>
  "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
 :gamma=>
  {:d=>[1, 2, 3], :e=>"yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy"}}
EOS
  assert_equal expected, h.pretty_inspect
  # 1.8.7's rule: a key whose value does not fit on the rest of the line
  # goes alone on its line, even if the value would fit on the next
  h[:alpha] = (1..22).to_a
  assert_equal "{:alpha=>\n  [1,\n   2,\n", h.pretty_inspect[0, 22]
  deep = {:a => {:b => {:c => (1..25).to_a}}}
  expected = <<EOS
{:a=>
  {:b=>
    {:c=>
      [1,
       2,
EOS
  assert_equal expected, deep.pretty_inspect[0, expected.length]
end

test "structs and objects" do
  s = PPPoint.new((1..30).to_a, {:a => 1})
  lines = s.pretty_inspect.split("\n")
  assert_equal "#<struct PPPoint", lines[0]
  assert_equal " x=", lines[1]
  assert_equal "  [1,", lines[2]
  assert_equal "   2,", lines[3]
  assert_equal " y={:a=>1}>", lines[-1]
  o = PPObj.new((1..30).to_a, "z")
  lines = o.pretty_inspect.split("\n")
  assert_match(/\A#<PPObj:0x[0-9a-f]+\z/, lines[0])
  assert_equal " @a=", lines[1]                 # instance variables sorted
  assert_equal "  [1,", lines[2]
  assert_equal " @b=\"z\">", lines[-1]
end

test "cycles" do
  a = [1, 2]
  a << a
  assert_equal "[1, 2, [...]]\n", a.pretty_inspect
  h = {:x => 1}
  h[:self] = h
  assert_equal "{:x=>1, :self=>{...}}\n", h.pretty_inspect
  o = PPObj.new(1, nil)
  o.instance_variable_set(:@b, o)
  assert_match(/\A#<PPObj:(0x[0-9a-f]+) @a=1, @b=#<PPObj:\1 ...>>\n\z/, o.pretty_inspect)
  s = PPPoint.new(1)
  s.y = s
  assert_equal "#<struct PPPoint x=1, y=#<struct PPPoint:...>>\n", s.pretty_inspect
  shared = [1]
  assert_equal "[[1], [1]]\n", [shared, shared].pretty_inspect   # not a cycle
end

test "PP.pp with a width and an output" do
  out = ""
  assert_same out, PP.pp([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], out, 10)
  assert_equal "[1,\n 2,\n 3,\n 4,\n 5,\n 6,\n 7,\n 8,\n 9,\n 10]\n", out
  assert_equal "{:a=>\n  [1, 2, 3],\n :bb=>\n  [4, 5, 6]}\n", PP.pp({:a => [1, 2, 3], :bb => [4, 5, 6]}, '', 12)
  assert_equal "[1, [2, 3]]", PP.singleline_pp([1, [2, 3]], '')
end

test "custom pretty_print" do
  assert_equal "<<a b>>\n", PPCustom.new.pretty_inspect
  assert_equal "<<a b>>", PPCustom.new.pretty_print_inspect
  assert_equal "<<a\n b>>\n", PP.pp(PPCustom.new, '', 3)
  assert_raise(RuntimeError) { Object.new.pretty_print_inspect }
end

test "PrettyPrint" do
  out = PrettyPrint.format('', 10) do |q|
    q.group(2, "(", ")") do
      q.text "abc"
      q.breakable
      q.text "defgh"
      q.breakable
      q.text "i"
    end
  end
  assert_equal "(abc\n  defgh\n  i)", out
  out = PrettyPrint.format('', 20) do |q|
    q.group(2, "(", ")") { q.text "abc"; q.breakable; q.text "d" }
  end
  assert_equal "(abc d)", out
  out = PrettyPrint.singleline_format('') do |q|
    q.group(1, "[", "]") { q.text "a"; q.breakable; q.text "b" }
  end
  assert_equal "[a b]", out
  out = PrettyPrint.format('', 5) do |q|
    q.text "a"
    q.nest(3) { q.breakable; q.text "bbbbbb" }
  end
  assert_equal "a\n   bbbbbb", out
end
