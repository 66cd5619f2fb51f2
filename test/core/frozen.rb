# Mutators of a frozen String, Array or Hash: 1.8.7 raises TypeError only
# when there is something to change; with nothing to do they return as
# usual (nil or self).
require 'assert'

test "Array mutators with nothing to change" do
  a = [1, 2, 3].freeze
  assert_same a, a.push
  assert_same a, a.unshift
  assert_same a, a.concat([])
  assert_same a, a.insert(1)
  assert_same a, a.flatten!(0)
  assert_nil a.uniq!
  assert_nil a.flatten!
  assert_nil a.delete(9)
  assert_nil a.delete_at(9)
  assert_nil a.delete_at(-9)
  e = [].freeze
  assert_same e, e.push
  assert_same e, e.unshift
  assert_equal [], e.transpose
  assert_equal [1, 2, 3], a
end

test "Array mutators that would change raise" do
  a = [1, 2, 3].freeze
  assert_raise(TypeError, "can't modify frozen array") { a.push(4) }
  assert_raise(TypeError, "can't modify frozen array") { a << 4 }
  assert_raise(TypeError, "can't modify frozen array") { a.unshift(0) }
  assert_raise(TypeError, "can't modify frozen array") { a.concat([4]) }
  assert_raise(TypeError, "can't modify frozen array") { a.delete_at(0) }
  assert_raise(TypeError, "can't modify frozen array") { [1, 1].freeze.uniq! }
  assert_raise(TypeError, "can't modify frozen array") { [[1]].freeze.flatten! }
  assert_raise(TypeError, "can't modify frozen array") { a.compact! }
  assert_raise(TypeError, "can't modify frozen array") { a.slice!(9) }
  assert_raise(TypeError, "can't modify frozen array") { a.reject! { false } }
  assert_raise(TypeError, "can't modify frozen array") { a.pop }
  assert_raise(TypeError, "can't modify frozen array") { [].freeze.pop }
  assert_raise(TypeError, "can't modify frozen array") { [].freeze.shift }
  assert_raise(TypeError, "can't modify frozen array") { a.shift }
  assert_raise(TypeError, "can't modify frozen array") { a.sort! }
  assert_raise(TypeError, "can't modify frozen array") { [].freeze.sort! }
  assert_raise(TypeError, "can't modify frozen array") { [].freeze.clear }
  assert_raise(TypeError, "can't modify frozen array") { [].freeze.fill(1) }
  assert_raise(TypeError, "can't modify frozen array") { [].freeze.map! { } }
  assert_raise(TypeError, "can't modify frozen array") { a.replace(a) }
  assert_raise(TypeError, "can't modify frozen array") { a.uniq! || a.push(1) }
end

test "String mutators with nothing to change" do
  s = "abc".freeze
  assert_nil s.chomp!("z")
  assert_nil s.strip!
  assert_nil s.lstrip!
  assert_nil s.sub!(/z/, "y")
  assert_nil s.gsub!(/z/, "y")
  assert_nil s.slice!(9)
  assert_nil s.slice!("z")
  assert_equal "a", "a".freeze.reverse!
  assert_equal "", "".freeze.reverse!
  assert_nil "".freeze.chop!
  assert_nil "".freeze.chomp!
end

test "String mutators that always check" do
  s = "abc".freeze
  assert_raise(TypeError, "can't modify frozen string") { s.chomp! }
  assert_raise(TypeError, "can't modify frozen string") { s.chop! }
  assert_raise(TypeError, "can't modify frozen string") { s.reverse! }
  assert_raise(TypeError, "can't modify frozen string") { "ABC".freeze.upcase! }
  assert_raise(TypeError, "can't modify frozen string") { s.squeeze!("z") }
  assert_raise(TypeError, "can't modify frozen string") { s.tr!("z", "y") }
  assert_raise(TypeError, "can't modify frozen string") { s.delete!("z") }
  assert_raise(TypeError, "can't modify frozen string") { s << "" }
  assert_raise(TypeError, "can't modify frozen string") { s.replace("abc") }
  assert_raise(TypeError, "can't modify frozen string") { "".freeze.succ! }
end

test "Hash mutators" do
  h = {1 => 2}.freeze
  assert_same h, h.merge!({})
  assert_same h, h.update({}) { }
  assert_raise(TypeError, "can't modify frozen hash") { h.delete(9) }
  assert_raise(TypeError, "can't modify frozen hash") { h.update(3 => 4) }
  assert_raise(TypeError, "can't modify frozen hash") { h[1] = 2 }
  assert_raise(TypeError, "can't modify frozen hash") { {}.freeze.clear }
  assert_raise(TypeError, "can't modify frozen hash") { {}.freeze.shift }
  assert_raise(TypeError, "can't modify frozen hash") { {}.freeze.delete_if { } }
  assert_raise(TypeError, "can't modify frozen hash") { {}.freeze.replace({}) }
  assert_raise(TypeError, "can't modify frozen hash") { {}.freeze.default = 1 }
end

test "instance variables of frozen objects" do
  assert_raise(TypeError, "can't modify frozen object") { "a".freeze.instance_variable_set(:@a, 1) }
  assert_raise(TypeError, "can't modify frozen object") { [].freeze.instance_variable_set(:@a, 1) }
  assert_raise(TypeError, "can't modify frozen object") { Object.new.freeze.instance_variable_set(:@a, 1) }
end
