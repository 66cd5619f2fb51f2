# Object#taint, #tainted?, #untaint and how taint spreads as in 1.8.7: a
# result built from a tainted receiver or argument is tainted, and so is
# whatever comes from outside (gets, ENV, ARGV, file contents, dir names).
require 'assert'

RUBY = File.readlink("/proc/self/exe")
TMP = "/tmp/miniruby_taint_#{$$}"

test "taint, tainted?, untaint" do
  s = "abc"
  assert_false s.tainted?
  assert_same s, s.taint
  assert_true s.tainted?
  assert_same s, s.untaint
  assert_false s.tainted?
  assert_false 1.tainted?
  assert_false nil.taint.tainted?          # immediates cannot be tainted
  assert_false :sym.taint.tainted?
  o = Object.new.taint
  assert_true o.dup.tainted?
  assert_true o.clone.tainted?
end

test "taint of a frozen object" do
  s = "x".freeze
  assert_raise(TypeError, "can't modify frozen object") { s.taint }
  t = "y".taint.freeze
  assert_same t, t.taint                    # nothing to change: no error
  u = "z".freeze
  assert_same u, u.untaint
  assert_raise(TypeError, "can't modify frozen object") { t.untaint }
end

test "Array results" do
  assert_true [1].taint.join.tainted?
  assert_true [1, "a".taint].join.tainted?
  assert_true [1].join("-".taint).tainted?
  assert_false [1, 2].join.tainted?
  assert_true [1].taint.inspect.tainted?
  assert_true [1].taint.to_s.tainted?
  assert_true [1].taint.dup.tainted?
  assert_true ([1].taint * 2).tainted?
  assert_true [[1]].taint.flatten.tainted?
  assert_true [1, 2].taint.reverse.tainted?
  assert_true [1, 2].taint.sort.tainted?
  assert_true [1, 2].taint.compact.tainted?
end

test "pack" do
  assert_true [1].pack("C".taint).tainted?
  assert_true ["a".taint].pack("a*").tainted?
  assert_false [1].pack("C").tainted?
  assert_false "\001".taint.unpack("C").tainted?
  assert_true "ab".taint.unpack("a*").first.tainted?
end

test "String results" do
  t = "abc".taint
  assert_true t.dup.tainted?
  assert_true t.upcase.tainted?
  assert_true t[0, 2].tainted?
  assert_true (t + "x").tainted?
  assert_true ("x" + t).tainted?
  assert_true (t * 2).tainted?
  assert_true t.sub(/b/, "x").tainted?
  assert_true "abc".sub(/b/, "x".taint).tainted?
  assert_true t.split(//).first.tainted?
  assert_false t.to_sym.to_s.tainted?
  assert_true ("%s" % t).tainted?
  assert_true ("%s".taint % "a").tainted?
  assert_true t.inspect.tainted?
  assert_false "abc".upcase.tainted?
end

test "Hash and Struct results" do
  h = {1 => 2}.taint
  assert_true h.to_a.tainted?
  assert_true h.inspect.tainted?
  assert_true h.to_s.tainted?
  S = Struct.new(:a) unless defined?(S)
  assert_true S.new(1).taint.inspect.tainted?
  o = Object.new.taint
  assert_true o.to_s.tainted?
  assert_true o.inspect.tainted?
end

test "File.read, IO#gets, IO#read, File.expand_path, Dir" do
  File.open(TMP, "w") { |f| f.write "one\ntwo\n" }
  begin
    assert_true File.read(TMP).tainted?
    File.open(TMP) do |f|
      assert_true f.gets.tainted?
      assert_true f.read.tainted?
    end
    File.open(TMP) { |f| assert_true f.read(2).tainted? }
    File.open(TMP) { |f| f.each_line { |l| assert_true l.tainted? } }
    File.open(TMP) { |f| assert_true f.readlines.all? { |l| l.tainted? } }
    assert_true IO.readlines(TMP).all? { |l| l.tainted? }
    assert_true File.expand_path("x".taint).tainted?
    assert_true Dir.entries("/").all? { |e| e.tainted? }
    assert_true Dir.glob("/*").all? { |e| e.tainted? }
  ensure
    File.unlink(TMP)
  end
end

test "path results of File and Dir carry the taint of what they come from" do
  t = lambda { |s| s.taint }
  assert_true File.basename(t["/a/b"]).tainted?
  assert_true File.basename(t[""]).tainted?
  assert_true File.basename(t["a.rb"], ".rb").tainted?
  assert_false File.basename("a", t["x"]).tainted?
  assert_true File.dirname(t["/a/b"]).tainted?
  assert_false File.dirname(t["a"]).tainted?            # "." comes from nowhere
  assert_true File.extname(t["a.rb"]).tainted?
  assert_false File.extname(t["a"]).tainted?
  assert_equal [true, true], File.split(t["a/b"]).map { |x| x.tainted? }
  assert_equal [false, true], File.split(t["b"]).map { |x| x.tainted? }
  assert_true File.expand_path("x", t["/y"]).tainted?
  assert_false File.expand_path("/x", t["/y"]).tainted?
  assert_false File.expand_path("/a").tainted?
  assert_true File.expand_path("a").tainted?             # the working directory is outside data
  assert_true File.expand_path("~").tainted?             # so is HOME
  assert_false File.expand_path("~root").tainted?
  assert_true Dir.pwd.tainted?
  assert_true Dir.getwd.tainted?
  File.symlink("/x", TMP)
  begin
    assert_true File.readlink(TMP).tainted?
  ensure
    File.unlink(TMP)
  end
end

test "ENV values, keys" do
  ENV["MINIRUBY_TAINT"] = "v"
  assert_true ENV["MINIRUBY_TAINT"].tainted?
  assert_true ENV.fetch("MINIRUBY_TAINT").tainted?
  assert_true ENV.keys.all? { |k| k.tainted? }
  assert_true ENV.to_a.flatten.all? { |k| k.tainted? }
  ENV.delete("MINIRUBY_TAINT")
end

test "ENV[\"PATH\"] is tainted only when a folder in it is world-writable" do
  dir = "#{TMP}.d"
  Dir.mkdir(dir)
  Dir.mkdir("#{dir}/open")
  File.chmod(0777, "#{dir}/open")
  Dir.mkdir("#{dir}/sticky")
  File.chmod(01777, "#{dir}/sticky")
  Dir.mkdir("#{dir}/sticky/sub")
  Dir.mkdir("#{dir}/open/sub")
  begin
    probe = "print ENV['PATH'].tainted?, ENV.fetch('PATH').tainted?, ENV.values_at('PATH')[0].tainted?, " \
            "ENV.to_a.assoc('PATH')[1].tainted?"
    run = lambda { |path| `PATH=#{path} #{RUBY} -e "#{probe}" 2>&1` }
    assert_equal "falsefalsefalsetrue", run["/usr/bin:/bin"]
    assert_equal "falsefalsefalsetrue", run["/bin:#{dir}/sticky/sub"]
    out = run["/bin:#{dir}/open/sub"]
    assert_equal "-e:1: warning: Insecure world writable dir #{dir}/open in PATH, mode 040777\ntruetruetruetrue", out
    out = run["#{dir}/sticky"]
    assert_equal "-e:1: warning: Insecure world writable dir #{dir}/sticky in PATH, mode 041777\ntruetruetruetrue", out
    set = "ENV['PATH'] = '/bin'; a = ENV['PATH'].tainted?; ENV['PATH'] = '/bin'.taint; " \
          "b = ENV['PATH'].tainted?; ENV.delete('PATH').tainted?; print a, b"
    assert_equal "falsetrue", `#{RUBY} -e "#{set}" 2>&1`
  ensure
    Dir.rmdir("#{dir}/open/sub")
    Dir.rmdir("#{dir}/open")
    Dir.rmdir("#{dir}/sticky/sub")
    Dir.rmdir("#{dir}/sticky")
    Dir.rmdir(dir)
  end
end

test "gets from $stdin and ARGV in a child" do
  out = `echo hi | #{RUBY} -e 'print gets.tainted?, $_.tainted?, $stdin.tainted?'`
  assert_equal "truetruefalse", out
  out = `#{RUBY} -e 'print ARGV.map { |a| a.tainted? }.inspect' a b`
  assert_equal "[true, true]", out
  out = `#{RUBY} -e 'print ARGV.tainted?, $SAFE, $0.tainted?' a`
  assert_equal "false0true", out
end
