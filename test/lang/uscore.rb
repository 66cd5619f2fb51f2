# Kernel's functions on $_: sub gsub chop chomp (and ! forms), split, print, ~
require 'assert'

test "gsub and sub replace $_ with a changed copy" do
  $_ = "abc"
  orig = $_
  r = gsub(/b/, "x")
  assert_equal "axc", $_
  assert_same r, $_
  assert_equal "abc", orig
  r = sub(/z/, "y")
  assert_same orig.class, r.class
  assert_false r.equal?($_)
  assert_equal "axc", r
  $_ = "aaa"
  sub(/a/, "b")
  assert_equal "baa", $_
end

test "gsub with a block sets $~ in the block" do
  $_ = "hello"
  seen = []
  gsub(/l/) { seen << $~[0]; $&.upcase }
  assert_equal "heLLo", $_
  assert_equal ["l", "l"], seen
  assert_equal "l", $~[0]
end

test "the bang forms change $_ and return nil when nothing changed" do
  $_ = "abc\n"
  s = $_
  assert_equal "abc", chomp!
  assert_nil chomp!
  assert_equal "ab", chop!
  assert_same s, $_
  assert_equal "ab", s
  assert_nil gsub!(/z/, "")
  assert_nil sub!(/z/, "")
  assert_equal "xb", sub!(/a/, "x")
  assert_equal "yy", gsub!(/./, "y")
  assert_same s, $_
end

test "chop and chomp" do
  $_ = "line\r\n"
  assert_equal "line", chomp
  assert_equal "line", $_
  assert_equal "lin", chop
  $_ = "a--"
  assert_equal "a-", chomp("-")
end

test "split works on $_" do
  $_ = "a b  c"
  assert_equal ["a", "b", "c"], split
  $_ = "a,b,c"
  assert_equal ["a", "b,c"], split(",", 2)
  assert_equal "a,b,c", $_
end

test "$_ is the frame's own" do
  $_ = "outer"
  def chop_inner
    $_ = "inner"
    chop
    $_
  end
  assert_equal "inne", chop_inner
  assert_equal "outer", $_
end

test "$_ must be a String" do
  $_ = nil
  assert_raise(TypeError, "$_ value need to be String (nil given)") { gsub(/a/, "b") }
  assert_raise(TypeError, "$_ value need to be String (nil given)") { split }
  $_ = 5
  assert_raise(TypeError, "$_ value need to be String (Fixnum given)") { chomp }
  assert_raise(TypeError, "$_ value need to be String (Fixnum given)") { chop! }
end

test "they are private Kernel functions" do
  %w[sub gsub sub! gsub! chop chop! chomp chomp! split].each do |m|
    assert_true Kernel.private_method_defined?(m), m
  end
  assert_raise(NoMethodError) { Object.new.gsub(/a/, "b") }
  assert_equal 0, method(:chop).arity
  assert_equal(-1, method(:gsub).arity)
end

test "~ matches $_" do
  $_ = "abc"
  assert_equal 1, ~/b/
  assert_nil ~/x/
  $_ = nil
  assert_nil ~/x/
end

test "print with no argument prints $_" do
  r, w = IO.pipe
  saved = $stdout
  begin
    $stdout = w
    $_ = "line"
    print
    $_ = nil
    print
  ensure
    $stdout = saved
  end
  w.close
  assert_equal "linenil", r.read
  r.close
end
