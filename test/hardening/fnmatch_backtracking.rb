# fnmatch_backtracking.rb: File.fnmatch with many stars takes time in
# proportion to pattern times string, as in 1.8.7, not exponential time
# or one C stack frame per star (issue "Green threads you can trust",
# hazards).
# timeout: 60
require 'assert'

P = File::FNM_PATHNAME
DOT = File::FNM_DOTMATCH

test "stars that must all backtrack" do
  assert_false File.fnmatch("*a" * 40, "a" * 40 + "b")
  assert_true File.fnmatch("*a" * 40, "a" * 40)
  assert_false File.fnmatch("*a*" * 1000 + "b", "a" * 5000)
  assert_true File.fnmatch("*a*" * 1000 + "b", "a" * 5000 + "b")
  assert_false File.fnmatch("*?" * 50 + "x", "y" * 60)
  assert_false File.fnmatch("*[ab]" * 40 + "c", "ab" * 30)
  assert_true File.fnmatch("*a" * 100_000, "a" * 100_000)
end

test "stars and **/ under FNM_PATHNAME" do
  deep = (["a"] * 40).join("/") + "/b"
  assert_false File.fnmatch("**/" * 40 + "c", deep, P)
  assert_true File.fnmatch("**/" * 40 + "b", deep, P)
  assert_false File.fnmatch("*/" * 40 + "*c", deep, P)
  assert_true File.fnmatch("*/" * 40 + "b", deep, P)
  assert_false File.fnmatch("**/*a*a*a*a*a*a*a*a*c", ("a" * 30 + "/") * 20 + "a" * 30, P)
end

test "what the stars match" do
  assert_true File.fnmatch("*", "a/b")
  assert_false File.fnmatch("*", "a/b", P)
  assert_false File.fnmatch("*", ".a")
  assert_true File.fnmatch("*", ".a", DOT)
  assert_true File.fnmatch(".*", ".a")
  assert_false File.fnmatch("a/*", "a/.b", P)
  assert_true File.fnmatch("a*", "a/.b")
  assert_true File.fnmatch("**/b", "a/x/b", P)
  assert_true File.fnmatch("**/b", "b", P)
  assert_false File.fnmatch("**/b", ".a/b", P)
  assert_true File.fnmatch("**/b", ".a/b", P | DOT)
  assert_true File.fnmatch("a/**/*.c", "a/x/y/z.c", P)
  assert_false File.fnmatch("a/**/*.c", "a/x/.y/z.c", P)
  assert_true File.fnmatch("*.c", "a.b.c")
  assert_true File.fnmatch("\\*", "*")
  assert_false File.fnmatch("\\*", "a")
  assert_true File.fnmatch("[a-c]*[!x]", "bzzy")
  assert_false File.fnmatch("[a-c]*[!x]", "bzzx")
  assert_true File.fnmatch("*A*", "xay", File::FNM_CASEFOLD)
  assert_false File.fnmatch("[a/]b", "/b", P)
end
