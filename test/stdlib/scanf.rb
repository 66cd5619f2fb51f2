# scanf.rb: lib/scanf.rb (String#scanf, IO#scanf, Kernel#scanf).
require 'assert'
require 'scanf'

test "integers" do
  assert_equal [12, 34], "12 34".scanf("%d%d")
  assert_equal [-5, 7], "  -5 +7".scanf("%d %d")
  assert_equal [12, 345], "12345".scanf("%2d%3d")
  assert_equal [-1, 2], "-12".scanf("%2d%d")               # the sign is in the width
  assert_equal [42], "42".scanf("%u")
  assert_equal [255, 31, 10], "ff 0x1F A".scanf("%x %x %X")
  assert_equal [0], "0xg".scanf("%x")                    # "0x" needs a digit after it
  assert_equal [511, -8], "777 -10".scanf("%o %o")
  assert_equal [31, 15, 12, -12, 0], "0x1f 017 12 -12 0".scanf("%i %i %i %i %i")
  assert_equal [0, 9], "09".scanf("%i%d")                # 0 is octal, 9 is left
  assert_equal [2 ** 70], (2 ** 70).to_s.scanf("%d")
  assert_equal [7], "7".scanf("%o")
  assert_equal [], "8".scanf("%o")
end

test "floats" do
  assert_equal [3.14, 100000.0, 0.5, -0.025, 7.0], "3.14 1e5 .5 -2.5E-2 7".scanf("%f %e %g %G %f")
  assert_equal [3.0], "3.".scanf("%f")
  assert_equal [1.5, 2.5], "1.5 2.5".scanf("%E%a")
  assert_equal [1.2, 34.0], "1.234".scanf("%3f%f")
  assert_equal [], "x1.5".scanf("%f")
  assert_equal [], ".".scanf("%f")
end

test "strings and characters" do
  assert_equal ["hello", "world"], "hello world".scanf("%s %s")
  assert_equal ["hello", "world"], "  hello\n\tworld  ".scanf("%s%s")
  assert_equal ["hel", "lo"], "hello".scanf("%3s%s")
  assert_equal ["a"], "abc".scanf("%c")
  assert_equal ["ab", "c"], "abc".scanf("%2c%c")
  assert_equal [" "], " x".scanf("%c")                   # %c skips no blank
  assert_equal ["x"], " x".scanf(" %c")
  assert_equal ["a\nb"], "a\nb".scanf("%3c")
  assert_equal ["ab"], "ab".scanf("%5c")                 # fewer at the end: what is there
  assert_equal [], "".scanf("%c")
end

test "character sets" do
  assert_equal ["abc", "123", "def"], "abc123def".scanf("%[a-z]%[0-9]%[^x]")
  assert_equal ["a]"], "a]b".scanf("%[]a]")                 # ] first is a member
  assert_equal ["x-"], "x-y".scanf("%[x-]")
  assert_equal ["key", "val"], "key=val".scanf("%[^=]=%s")
  assert_equal ["ab"], "abcd".scanf("%2[a-z]")
  assert_equal ["Alpha"], "Alpha1".scanf("%[[:alpha:]]")
  assert_equal [" a "], " a b".scanf("%[ a]")              # %[ skips no blank
  assert_equal ["a^b"], "a^b&c".scanf("%[ab^]")
  assert_equal ["\\a\\"], "\\a\\b".scanf("%[a\\]")
  assert_equal ["one two"], "one two\nthree".scanf("%[^\n]")
  assert_equal [], "xyz".scanf("%[abc]")
  assert_equal [], "abc".scanf("%[abc")                   # an unclosed set stops the match
end

test "literals, blanks, %% and suppression" do
  assert_equal [12, 34, 56], "12:34:56".scanf("%d:%d:%d")
  assert_equal [12], "12:34".scanf("%d-%d")
  assert_equal [12], "abc12".scanf("abc%d")
  assert_equal [], "abd12".scanf("abc%d")
  assert_equal [10, "off"], "10% off".scanf("%d%% %s")
  assert_equal [1, 3], "1 2 3".scanf("%d %*d %d")
  assert_equal ["b"], "a b".scanf("%*s %s")
  assert_equal [1, 2], "1,2".scanf("%d , %d")              # a blank matches none too
  assert_equal [1, 2], "1  ,\n 2".scanf("%d , %d")
  assert_equal [1], "1 x".scanf("%dx")                      # literals skip no blank
  assert_equal [], "x".scanf("")
  assert_equal [], "x".scanf("  ")
  assert_equal [], "x".scanf("x")
  assert_equal [5], "5 x 6".scanf("%d %q %d")               # an unknown directive stops
  assert_equal [], "".scanf("%d")
  assert_equal [], "abc".scanf("%d")
  assert_equal [1], "1".scanf("%d%d")
end

test "a block applies the format again" do
  assert_equal [3, 7], "1 2 3 4".scanf("%d %d") { |a, b| a + b }
  assert_equal [[1, 2], [3, 4], [5, nil]], "1 2 3 4 5".scanf("%d %d") { |a, b| [a, b] }
  assert_equal ["A", "B"], "a;b;".scanf("%[^;];") { |a| a[0].upcase }
  assert_equal [], "x".scanf("%d") { |v| flunk }
  words = []
  r = "one two three".scanf("%s") { |a| words << a[0]; a[0].size }   # one value: an Array of one
  assert_equal [3, 3, 5], r
  assert_equal ["one", "two", "three"], words
end

test "FormatString" do
  fs = Scanf::FormatString.new("%d:%*d:%s %%")
  assert_equal 3, fs.spec_count
  assert_equal "%d:%*d:%s %%", fs.to_s
  assert_equal [1, "x"], fs.match("1:2:x % rest")
  assert_equal " rest", fs.string_left
  assert_equal 3, fs.matched_count
  assert_equal [1], "1:y".scanf(fs)
  assert_equal 1, fs.matched_count
  assert_equal "y", fs.string_left                     # after the ":" that matched
end

test "IO#scanf" do
  r, w = IO.pipe
  w.write "12\n34 rest of line\nabc\n" + "x" * 10000 + "\n"
  w.close
  assert_equal [12, 34], r.scanf("%d%d")                  # reads the second line when it needs it
  assert_equal " rest of line\n", r.gets                 # what was not used is read next
  assert_equal ["abc"], r.scanf("%s")
  assert_equal "\n", r.gets
  assert_equal ["xxxxx"], r.scanf("%5c")
  assert_equal 9996, r.read.size
  assert_equal [], r.scanf("%d")                          # at the end
  r.close

  r, w = IO.pipe
  w.write "1 2\n3 4\n5 6\n"
  w.close
  assert_equal [2, 12, 30], r.scanf("%d %d") { |a, b| a * b }
  r.close

  r, w = IO.pipe
  w.write "a,b\nc,d"
  w.close
  assert_equal ["a", "b\nc"], r.scanf("%[^,],%[^,]")        # a set goes on across lines
  assert_equal ",d", r.read
  r.close

  r, w = IO.pipe
  w.write "abc 1\n"
  w.close
  assert_equal [], r.scanf("%d")
  assert_equal "abc 1\n", r.read                          # nothing used
  r.close
end

test "IO#scanf on a file, and a thread writing slowly" do
  path = File.join(ENV["TMPDIR"] || "/tmp", "miniruby-scanf-#{$$}")
  begin
    File.open(path, "w") { |f| f.print "3.5 kg\n2 items\n" }
    File.open(path) do |f|
      assert_equal [3.5, "kg"], f.scanf("%f %s")
      assert_equal [2, "items"], f.scanf("%d%s")
      assert_equal "\n", f.read
    end
  ensure
    File.unlink(path) if File.exist?(path)
  end
  r, w = IO.pipe
  writer = Thread.new do
    w.write "10"
    Thread.pass
    w.write " 20\n"
    Thread.pass
    w.write "30\n"
    w.close
  end
  assert_equal [10, 20, 30], r.scanf("%d %d %d")
  writer.join
  r.close
end

test "Kernel#scanf reads STDIN" do
  r, w = IO.pipe
  w.write "7 eight\n9\n"
  w.close
  saved = STDIN.dup
  begin
    STDIN.reopen(r)
    got = scanf("%d %s")
    rest = scanf("%d")
  ensure
    STDIN.reopen(saved)
    r.close
  end
  assert_equal [7, "eight"], got
  assert_equal [9], rest
  assert_true Kernel.private_method_defined?(:scanf)
end
