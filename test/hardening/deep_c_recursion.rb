# deep_c_recursion.rb: C code whose stack use grows with its input (the
# parser, Oniguruma's compiler, GMP's temporaries, the C methods that
# recurse on nested data) stops at the running thread's own stack limit
# with SystemStackError (or SyntaxError/RegexpError where the input is too
# deep for any stack), never running off into the next thread's stack.
# Each case runs in the main thread and in a new thread, next to a
# sleeping thread that afterwards must still compute its value.  The
# runner runs this with the default stacks; deep_c_recursion_test.py runs
# it with MINIRUBY_THREAD_STACK=64k, where the second outcome of each case
# is expected in the thread (issue "Green threads you can trust").
# timeout: 120
require 'assert'

SMALL = ENV["MINIRUBY_THREAD_STACK"] == "64k"
D = 100_000
SSE = SystemStackError

def nested_array(n, leaf = nil)
  a = leaf ? [leaf] : []
  n.times { a = [a] }
  a
end

def nested_hash(n)
  h = {}
  n.times { h = {1 => h} }
  h
end

def sorter(a) a.sort { |x, y| sorter(a); x <=> y } end
def recurse(n) recurse(n + 1) end

BIG = 3 ** (2 ** 20)                    # 26,000 limbs, made on the main stack
DEEP = nested_array(D)
DEEP2 = nested_array(D)
S = Struct.new(:a)
NULL = File.open("/dev/null", "w")

# name => [code, outcome in the main thread (and default-sized threads),
#          outcome in a 64k thread]; an outcome is an exception class, or
#          a value the code must return
CASES = [
  ["Regexp of 100 nested groups", lambda { Regexp.new("(" * 100 + "a" + ")" * 100).source.size }, 201, SSE],
  ["Regexp of 1,500 nested groups", lambda { Regexp.new("(" * 1500 + "a" + ")" * 1500).source.size }, 3001, SSE],
  ["Regexp of 3,000 nested groups", lambda { Regexp.new("(" * 3000 + "a" + ")" * 3000) }, RegexpError, SSE],
  ["Regexp of 1,000 nested classes", lambda { Regexp.new("[" * 1000 + "a" + "]" * 1000).source.size }, 2001, SSE],
  ["Regexp literal of 100 groups", lambda { eval("/" + "(?:" * 100 + "a" + ")" * 100 + "/") =~ "xa" }, 1, SSE],
  ["Bignum#to_s", lambda { BIG.to_s.size }, 500_298, SSE],
  ["%d of a Bignum", lambda { ("%d" % BIG).size }, 500_298, SSE],
  ["%x of a negative Bignum", lambda { ("%x" % -BIG).size }, 415_492, SSE],
  ["Bignum division", lambda { BIG * 5 / BIG }, 5, SSE],
  ["Bignum divmod", lambda { (BIG * 7 + 1).divmod(BIG) }, [7, 1], SSE],
  ["Bignum power", lambda { (BIG ** 3).size }, 623_236, SSE],
  ["String#to_i of 100,000 digits", lambda { ("9" * 100_000).to_i.size }, 41_528, SSE],
  ["parser: 100,000 brackets", lambda { eval("[" * D + "]" * D) }, SyntaxError, SSE],
  ["parser: 100,000 parentheses", lambda { eval("(" * D + "1" + ")" * D) }, SyntaxError, SSE],
  ["parser: 100,000 nested targets", lambda { eval("a, (" * D + "b" + ")" * D + " = 1") }, SyntaxError, SSE],
  ["parser: 100,000 blocks", lambda { eval("1.times {" * D + "}" * D) }, SyntaxError, SSE],
  ["Array#inspect", lambda { DEEP.inspect }, SSE, SSE],
  ["Array#to_s", lambda { DEEP.to_s }, SSE, SSE],
  ["Array#==", lambda { DEEP == DEEP2 }, SSE, SSE],
  ["Array#eql?", lambda { DEEP.eql?(DEEP2) }, SSE, SSE],
  ["Array#hash", lambda { DEEP.hash }, SSE, SSE],
  ["Array#<=>", lambda { DEEP <=> DEEP2 }, SSE, SSE],
  ["Array#join", lambda { DEEP.join(",") }, SSE, SSE],
  ["Array#flatten", lambda { nested_array(20_000, 1).flatten }, [1], [1]],
  ["Hash#inspect", lambda { nested_hash(D).inspect }, SSE, SSE],
  ["Hash#==", lambda { nested_hash(D) == nested_hash(D) }, SSE, SSE],
  ["Hash#hash", lambda { nested_hash(D).hash }, SSE, SSE],
  ["Struct#inspect", lambda { x = nil; D.times { x = S.new(x) }; x.inspect }, SSE, SSE],
  ["Marshal.dump", lambda { Marshal.dump(DEEP) }, SSE, SSE],
  ["Marshal.load", lambda { Marshal.load("\004\b" + "[\006" * D + "0") }, SSE, SSE],
  ["IO#puts", lambda { NULL.puts(nested_array(D, 1)) }, SSE, SSE],
  ["File.join", lambda { File.join(nested_array(20_000, "a")) }, "a", SSE],
  ["Dir.glob braces", lambda { Dir.glob("{" * 20_000 + "a" + "}" * 20_000) }, [], SSE],
  ["File.fnmatch stars", lambda { File.fnmatch("*a" * D, "a" * D + "b") }, false, false],
  ["Array#permutation", lambda { n = 0; (1..5000).to_a.permutation { n += 1; break }; n }, 1, SSE],
  ["sort comparator that recurses", lambda { sorter([3, 1, 2]) }, SSE, SSE],
  ["method recursion", lambda { recurse(0) }, SSE, SSE],
  ["GC of deep structures", lambda { a = nested_array(500_000); h = nested_hash(200_000); GC.start; [a.size, h.size] }, [1, 1], [1, 1]],
]

def outcome(code)
  code.call
rescue SystemStackError, SyntaxError, RegexpError => e
  e.class
end

def neighbour_work(n)
  a = (1..n).to_a
  Thread.stop
  a.inject { |s, x| s * x }
end

CASES.each do |name, code, big, small|
  test "#{name}, main thread" do
    assert_equal big, outcome(code)
  end
  test "#{name}, thread" do
    neighbour = Thread.new { neighbour_work(10) }
    Thread.pass until neighbour.stop?
    got = Thread.new { outcome(code) }.value
    neighbour.run
    assert_equal(SMALL ? small : big, got)
    assert_equal 3628800, neighbour.value
  end
end

test "still usable afterwards" do
  assert_equal 6, [1, 2, 3].inject { |s, x| s + x }
  assert_equal "b", "abc"[/b/]
  assert_equal "1" * 30, (("1" * 30).to_i).to_s
end
