# catch_throw.rb: catch/throw with symbols and strings (1.8.7 tags are
# symbols or strings compared by name), values, nesting, through methods
# and ensure clauses, and the NameError of an uncaught throw.
require 'assert'

test "basic" do
  r = catch(:done) do
    10.times { |i| throw :done, i if i == 3 }
    :never
  end
  assert_equal 3, r
  assert_equal :fell_off, catch(:x) { :fell_off }
  assert_nil catch(:x) { throw :x }
  assert_equal [1, 2], catch(:x) { throw :x, [1, 2] }
end

test "nested catches" do
  r = catch(:outer) do
    catch(:inner) do
      throw :outer, :from_inner
    end
    :not_here
  end
  assert_equal :from_inner, r
  r = catch(:outer) do
    v = catch(:inner) { throw :inner, 1 }
    v + 1
  end
  assert_equal 2, r
  r = catch(:a) { catch(:a) { throw :a, :innermost }; :after }
  assert_equal :after, r
end

def thrower(tag); throw tag, :thrown_from_method; end

test "through method calls and ensure" do
  log = []
  r = catch(:t) do
    begin
      thrower(:t)
    ensure
      log << :ensure
    end
  end
  assert_equal :thrown_from_method, r
  assert_equal [:ensure], log
end

test "string tags" do
  r = catch("str") { throw "str", :s }
  assert_equal :s, r
  r = catch("tag") { throw :tag, :sym_matches_string }  # 1.8.7 compares tag names
  assert_equal :sym_matches_string, r
end

test "uncaught throw" do
  e = assert_raise(NameError) { throw :nobody }
  assert_equal "uncaught throw `nobody'", e.message
  e = assert_raise(NameError) { catch(:other) { throw :nobody2 } }
  assert_equal "uncaught throw `nobody2'", e.message
end

test "catch yields the tag" do
  got = nil
  catch(:given) { |t| got = t }
  assert_equal :given, got
end

test "throw out of blocks and loops" do
  r = catch(:found) do
    [[1, 2], [3, 4]].each do |row|
      row.each { |v| throw :found, v if v > 2 }
    end
    nil
  end
  assert_equal 3, r
  i = 0
  catch(:stop) do
    loop do
      i += 1
      throw :stop if i == 5
    end
  end
  assert_equal 5, i
end
