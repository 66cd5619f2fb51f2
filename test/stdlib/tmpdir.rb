# tmpdir.rb: lib/tmpdir.rb (Dir.tmpdir, Dir.mktmpdir).
require 'assert'
require 'tmpdir'

BASE = File.join(ENV['TMPDIR'] || '/tmp', "mr-tmpdir-#{$$}")
Dir.mkdir BASE
at_exit { system("rm", "-rf", BASE) }

def with_env(vars)
  saved = {}
  vars.each { |k, v| saved[k] = ENV[k]; ENV[k] = v }
  begin
    yield
  ensure
    saved.each { |k, v| ENV[k] = v }
  end
end

test "Dir.tmpdir" do
  a = File.join(BASE, "a"); Dir.mkdir a
  b = File.join(BASE, "b"); Dir.mkdir b
  c = File.join(BASE, "c"); Dir.mkdir c
  with_env('TMPDIR' => a, 'TMP' => b, 'TEMP' => c) { assert_equal a, Dir.tmpdir }
  with_env('TMPDIR' => nil, 'TMP' => b, 'TEMP' => c) { assert_equal b, Dir.tmpdir }
  with_env('TMPDIR' => nil, 'TMP' => nil, 'TEMP' => c) { assert_equal c, Dir.tmpdir }
  with_env('TMPDIR' => nil, 'TMP' => nil, 'TEMP' => nil, 'USERPROFILE' => nil) do
    assert_equal "/tmp", Dir.tmpdir
  end
  # not a directory, or missing: skipped
  file = File.join(BASE, "file")
  File.open(file, "w") {}
  with_env('TMPDIR' => file, 'TMP' => File.join(BASE, "missing"), 'TEMP' => c) { assert_equal c, Dir.tmpdir }
  # expanded
  Dir.chdir(BASE) do
    with_env('TMPDIR' => "b") { assert_equal b, Dir.tmpdir }
  end
  with_env('TMPDIR' => b + "/") { assert_equal b, Dir.tmpdir }
  assert_kind_of String, Dir.tmpdir
end

test "Dir.mktmpdir without a block" do
  d = Dir.mktmpdir(nil, BASE)
  assert_true File.directory?(d)
  assert_equal 0700, File.stat(d).mode & 0777
  assert_equal BASE, File.dirname(d)
  stamp = Time.now.strftime("%Y%m%d")
  assert_match(/\Ad#{stamp}-#{$$}-[0-9a-z]+\z/, File.basename(d))
  d2 = Dir.mktmpdir(nil, BASE)
  assert_not_equal d, d2
  p1 = Dir.mktmpdir("foo", BASE)
  assert_match(/\Afoo\d{8}-#{$$}-[0-9a-z]+\z/, File.basename(p1))
  p2 = Dir.mktmpdir(["pre-", ".suf"], BASE)
  assert_match(/\Apre-\d{8}-#{$$}-[0-9a-z]+\.suf\z/, File.basename(p2))
  p3 = Dir.mktmpdir(["only"], BASE)
  assert_match(/\Aonly\d{8}-#{$$}-[0-9a-z]+\z/, File.basename(p3))
  with_env('TMPDIR' => BASE) do
    p4 = Dir.mktmpdir
    assert_equal BASE, File.dirname(p4)
    Dir.rmdir p4
  end
  [d, d2, p1, p2, p3].each { |x| Dir.rmdir x }
end

test "Dir.mktmpdir with a block" do
  kept = nil
  r = Dir.mktmpdir("blk", BASE) do |dir|
    kept = dir
    assert_true File.directory?(dir)
    Dir.mkdir File.join(dir, "sub")
    File.open(File.join(dir, "sub", "f"), "w") { |f| f.write "x" }
    :value
  end
  assert_equal :value, r
  assert_false File.exist?(kept)
  e = assert_raise(RuntimeError, "boom") do
    Dir.mktmpdir(nil, BASE) { |dir| kept = dir; raise "boom" }
  end
  assert_false File.exist?(kept)
  r = catch(:out) { Dir.mktmpdir(nil, BASE) { |dir| kept = dir; throw :out, 7 } }
  assert_equal 7, r
  assert_false File.exist?(kept)
  # the block may remove the directory itself: then removal fails as 1.8.7
  assert_raise(Errno::ENOENT) { Dir.mktmpdir(nil, BASE) { |dir| Dir.rmdir dir } }
end

test "Dir.mktmpdir bad input" do
  e = assert_raise(ArgumentError) { Dir.mktmpdir(5) }
  assert_equal "unexpected prefix_suffix: 5", e.message
  e = assert_raise(ArgumentError) { Dir.mktmpdir(:sym) }
  assert_equal "unexpected prefix_suffix: :sym", e.message
  e = assert_raise(Errno::ENOENT) { Dir.mktmpdir(nil, File.join(BASE, "missing")) }
  assert_match(/\ANo such file or directory - #{Regexp.escape(BASE)}\/missing\/d\d{8}-/, e.message)
  assert_equal ["a", "b", "c", "file"], Dir.entries(BASE).sort - [".", ".."]
end
