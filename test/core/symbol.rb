# symbol.rb: the Symbol class as in 1.8.7: identity, to_s/id2name/to_i,
# inspect (when a name needs quotes), to_proc, all_symbols, and that
# symbols cannot be made with new.
require 'assert'

test "identity and conversions" do
  assert_same :abc, :abc
  assert_same :abc, "abc".to_sym
  assert_same :abc, :abc.to_sym
  assert_equal "abc", :abc.to_s
  assert_equal "abc", :abc.id2name
  assert_kind_of Fixnum, :abc.to_i
  assert_equal :abc.to_i, :abc.to_i
  assert_not_equal :abc.to_i, :abd.to_i
  assert_true :a == :a
  assert_false :a == "a"
  assert_true :a === :a
  assert_equal Symbol, :a.class
  s = :abc.to_s
  s << "d"
  assert_equal "abc", :abc.to_s
end

test "inspect" do
  assert_equal ":foo", :foo.inspect
  assert_equal ':"foo bar"', :"foo bar".inspect
  assert_equal ":+", :+.inspect
  assert_equal ":-@", :-@.inspect
  assert_equal ":[]", :[].inspect
  assert_equal ":[]=", :[]=.inspect
  assert_equal ":<=>", :<=>.inspect
  assert_equal ":==", :==.inspect
  assert_equal ":===", :===.inspect
  assert_equal ":=~", :=~.inspect
  assert_equal ":**", :**.inspect
  assert_equal ":<<", :<<.inspect
  assert_equal ":a?", :a?.inspect
  assert_equal ":a!", :a!.inspect
  assert_equal ":a=", :a=.inspect
  assert_equal ":Foo", :Foo.inspect
  assert_equal ":@iv", :@iv.inspect
  assert_equal ":@@cv", :@@cv.inspect
  assert_equal ":$g", :$g.inspect
  assert_equal ":$1", :$1.inspect
  assert_equal ":$~", :"$~".inspect
  assert_equal ":$-w", :"$-w".inspect
  assert_equal ':"9a"', :"9a".inspect
  assert_equal ':"@"', :"@".inspect
  assert_equal ':"@1"', :"@1".inspect
  assert_equal ':"a-b"', :"a-b".inspect
  assert_equal ':"="', :"=".inspect
  assert_equal ':"a\\nb"', :"a\nb".inspect
  assert_equal ':"a?b"', :"a?b".inspect
  assert_equal ":_x", :_x.inspect
end

test "to_proc" do
  assert_equal ["1", "2"], [1, 2].map(&:to_s)
  assert_equal [2, 3], [1, 2].map(&:succ)
  pr = :upcase.to_proc
  assert_kind_of Proc, pr
  assert_equal "AB", pr.call("ab")
  assert_equal 3, :+.to_proc.call(1, 2)
  assert_equal 6, [1, 2, 3].inject(&:+)
  assert_raise(NoMethodError) { :nosuchmethod.to_proc.call(1) }
end

test "all_symbols and new" do
  all = Symbol.all_symbols
  assert_kind_of Array, all
  assert_true all.include?(:inspect)
  assert_true all.size > 100
  assert_raise(NoMethodError) { Symbol.new }
end

test "a Symbol converts to an Integer as in 1.8.7" do
  assert_equal :a.to_i, :a.to_int
  assert_equal [1, 2], [1, 2].first(:a)
  assert_nil "abc"[:a]
  assert_equal :zz.to_i.to_s, "%d" % :zz
end
