# fileutils.rb: lib/fileutils.rb (FileUtils and its Verbose, NoWrite and
# DryRun modules).
require 'assert'
require 'fileutils'
require 'stringio'

TOP = Dir.pwd
TMP = File.join(ENV['TMPDIR'] || '/tmp', "mr-fileutils-#{$$}")
Dir.mkdir TMP
Dir.chdir TMP
at_exit do
  Dir.chdir TOP
  system("rm", "-rf", TMP)
end

def write(path, data)
  File.open(path, 'w') { |f| f.write data }
end

# Runs the block in a fresh empty directory under TMP.
$n = 0
def fresh
  dir = File.join(TMP, "t#{$n += 1}")
  Dir.mkdir dir
  Dir.chdir(dir) { yield }
end

# What the block's verbose messages were.
def messages(mod = FileUtils)
  out = StringIO.new
  saved = mod.instance_variable_get(:@fileutils_output)
  mod.instance_variable_set(:@fileutils_output, out)
  begin
    yield
  ensure
    mod.instance_variable_set(:@fileutils_output, saved)
  end
  out.string
end

test "pwd cd chdir" do
  assert_equal Dir.pwd, FileUtils.pwd
  assert_equal Dir.pwd, FileUtils.getwd
  fresh do
    Dir.mkdir "d"
    here = Dir.pwd
    out = messages { FileUtils.cd("d", :verbose => true) { assert_equal File.join(here, "d"), Dir.pwd } }
    assert_equal "cd d\ncd -\n", out
    assert_equal here, Dir.pwd
    seen = nil
    r = FileUtils.chdir("d") { |dir| seen = dir; 42 }
    assert_equal "d", seen
    assert_nil r                  # as 1.8.7: the value of the verbose-message line
    FileUtils.cd "d"
    assert_equal File.join(here, "d"), Dir.pwd
    FileUtils.cd ".."
    e = assert_raise(Errno::ENOENT) { FileUtils.cd "nope" }
    assert_equal "No such file or directory - nope", e.message
    assert_raise(ArgumentError, "no such option: noop") { FileUtils.cd "d", :noop => true }
  end
end

test "mkdir" do
  fresh do
    assert_equal ["a"], FileUtils.mkdir("a")
    assert_true File.directory?("a")
    FileUtils.mkdir %w(b c)
    assert_true File.directory?("b") && File.directory?("c")
    FileUtils.mkdir "m", :mode => 0700
    assert_equal 0700, File.stat("m").mode & 0777
    FileUtils.mkdir "trail/"
    assert_true File.directory?("trail")
    e = assert_raise(Errno::EEXIST) { FileUtils.mkdir "a" }
    assert_equal "File exists - a", e.message
    e = assert_raise(Errno::ENOENT) { FileUtils.mkdir "x/y" }
    assert_equal "No such file or directory - x/y", e.message
    assert_equal "mkdir n1 n2\n", messages { FileUtils.mkdir %w(n1 n2), :verbose => true }
    assert_equal "mkdir -m 700 n3\n", messages { FileUtils.mkdir "n3", :verbose => true, :mode => 0700 }
    assert_equal "mkdir -m 755 n4\n", messages { FileUtils.mkdir "n4", :verbose => true, :mode => 0755, :noop => true }
    assert_false File.exist?("n4")
    e = assert_raise(ArgumentError) { FileUtils.mkdir "z", :force => true }
    assert_equal "no such option: force", e.message
    assert_raise(ArgumentError, "no such option: parents") { FileUtils.mkdir "z", :parents => true }
  end
end

test "mkdir_p mkpath makedirs" do
  fresh do
    assert_equal "a/b/c", FileUtils.mkdir_p("a/b/c")
    assert_true File.directory?("a/b/c")
    assert_equal "a/b/c", FileUtils.mkdir_p("a/b/c")     # already there: no error
    assert_equal ["x/y", "p"], FileUtils.mkpath(["x/y", "p"])
    assert_true File.directory?("x/y") && File.directory?("p")
    FileUtils.makedirs "q/r/"
    assert_true File.directory?("q/r")
    FileUtils.mkdir_p File.expand_path("abs/dir")
    assert_true File.directory?("abs/dir")
    FileUtils.mkdir_p "m1/m2", :mode => 0700
    assert_equal 0700, File.stat("m1").mode & 0777
    assert_equal 0700, File.stat("m1/m2").mode & 0777
    write "file", "x"
    e = assert_raise(Errno::EEXIST) { FileUtils.mkdir_p "file" }
    assert_equal "File exists - file", e.message
    e = assert_raise(Errno::EEXIST) { FileUtils.mkdir_p "file/sub" }
    assert_equal "File exists - file", e.message
    assert_equal "mkdir -p a/b/c x\n", messages { FileUtils.mkdir_p %w(a/b/c x), :verbose => true }
    assert_equal "mkdir -p -m 700 d/e\n", messages { FileUtils.mkdir_p "d/e", :verbose => true, :mode => 0700, :noop => true }
    assert_false File.exist?("d")
    assert_equal "d/e", FileUtils.mkdir_p("d/e", :noop => true)
    assert_raise(ArgumentError, "no such option: force") { FileUtils.mkdir_p "z", :force => true }
  end
end

test "rmdir" do
  fresh do
    FileUtils.mkdir_p %w(a b c/d)
    FileUtils.rmdir "a"
    assert_false File.exist?("a")
    FileUtils.rmdir %w(b c/d/)
    assert_false File.exist?("b") || File.exist?("c/d")
    e = assert_raise(Errno::ENOTEMPTY) { Dir.mkdir "c/e"; FileUtils.rmdir "c" }
    assert_equal "Directory not empty - c", e.message
    e = assert_raise(Errno::ENOENT) { FileUtils.rmdir "nope" }
    assert_equal "No such file or directory - nope", e.message
    write "f", ""
    assert_raise(Errno::ENOTDIR) { FileUtils.rmdir "f" }
    assert_equal "rmdir c/e\n", messages { FileUtils.rmdir "c/e", :verbose => true, :noop => true }
    assert_true File.directory?("c/e")
    # 1.8.7's rmdir has no :parents
    assert_raise(ArgumentError, "no such option: parents") { FileUtils.rmdir "c/e", :parents => true }
  end
end

test "ln ln_s ln_sf" do
  fresh do
    write "a", "A"
    FileUtils.ln "a", "b"
    assert_equal 2, File.stat("a").nlink
    assert_true File.identical?("a", "b")
    e = assert_raise(Errno::EEXIST) { FileUtils.ln "a", "b" }
    assert_equal "File exists - a or b", e.message
    write "c", "C"
    FileUtils.ln "c", "b", :force => true
    assert_equal "C", File.read("b")
    Dir.mkdir "d"
    FileUtils.link "a", "d"
    assert_equal "A", File.read("d/a")
    FileUtils.ln %w(a c), "d", :force => true
    assert_equal "C", File.read("d/c")
    e = assert_raise(Errno::ENOENT) { FileUtils.ln "nope", "x" }
    assert_equal "No such file or directory - nope or x", e.message
    assert_equal "ln a x\n", messages { FileUtils.ln "a", "x", :verbose => true }
    assert_equal "ln -f a x\n", messages { FileUtils.ln "a", "x", :verbose => true, :force => true, :noop => true }
    assert_raise(ArgumentError, "no such option: mode") { FileUtils.ln "a", "y", :mode => 1 }

    FileUtils.ln_s "a", "s"
    assert_true File.symlink?("s")
    assert_equal "a", File.readlink("s")
    e = assert_raise(Errno::EEXIST) { FileUtils.ln_s "c", "s" }
    assert_equal "File exists - c or s", e.message
    FileUtils.ln_s "c", "s", :force => true
    assert_equal "c", File.readlink("s")
    FileUtils.ln_sf "a", "s"
    assert_equal "a", File.readlink("s")
    FileUtils.symlink "dangling", "s2"
    assert_true File.symlink?("s2")
    assert_false File.exist?("s2")
    Dir.mkdir "e"
    FileUtils.ln_s %w(/x/one /x/two), "e"
    assert_equal ["one", "two"], Dir.entries("e").sort - [".", ".."]
    assert_equal "/x/two", File.readlink("e/two")
    assert_equal "ln -s a s\n", messages { FileUtils.ln_s "a", "s", :verbose => true, :noop => true }
    assert_equal "ln -sf a s\n", messages { FileUtils.ln_s "a", "s", :verbose => true, :force => true, :noop => true }
    assert_equal "ln -sf a s\n", messages { FileUtils.ln_sf "a", "s", :verbose => true, :noop => true }
    assert_raise(ArgumentError, "no such option: force") { FileUtils.ln_sf "a", "s", :force => true }
  end
end

test "cp copy copy_file copy_stream" do
  fresh do
    write "a", "hello"
    File.chmod 0640, "a"
    FileUtils.cp "a", "b"
    assert_equal "hello", File.read("b")
    assert_equal 0640, File.stat("b").mode & 0777
    Dir.mkdir "d"
    FileUtils.copy "a", "d"
    assert_equal "hello", File.read("d/a")
    write "c", "sea"
    FileUtils.cp %w(a c), "d"
    assert_equal "sea", File.read("d/c")
    write "b", "old content that is longer"
    FileUtils.cp "c", "b"
    assert_equal "sea", File.read("b")
    old = Time.at(1000000000)
    File.utime old, old, "a"
    FileUtils.cp "a", "p", :preserve => true
    assert_equal old, File.mtime("p")
    assert_equal 0640, File.stat("p").mode & 0777
    FileUtils.cp "a", "np"
    assert_not_equal old, File.mtime("np")
    e = assert_raise(ArgumentError) { FileUtils.cp "a", "a" }
    assert_equal "same file: a and a", e.message
    e = assert_raise(ArgumentError) { FileUtils.cp "a", "." }
    assert_equal "same file: a and ./a", e.message
    e = assert_raise(Errno::ENOENT) { FileUtils.cp "nope", "x" }
    assert_equal "No such file or directory - nope", e.message
    e = assert_raise(Errno::ENOENT) { FileUtils.cp "a", "nodir/x" }
    assert_equal "No such file or directory - nodir/x", e.message
    assert_equal "cp a x\n", messages { FileUtils.cp "a", "x", :verbose => true }
    assert_equal "cp -p a c d\n", messages { FileUtils.cp %w(a c), "d", :verbose => true, :preserve => true, :noop => true }
    assert_raise(ArgumentError, "no such option: force") { FileUtils.cp "a", "y", :force => true }

    FileUtils.copy_file "a", "cf"
    assert_equal "hello", File.read("cf")
    FileUtils.copy_file "a", "cfp", true
    assert_equal old, File.mtime("cfp")
    File.symlink "a", "ls"
    FileUtils.copy_file "ls", "cfl"
    assert_false File.symlink?("cfl")
    assert_equal "hello", File.read("cfl")

    src = StringIO.new("x" * 40000)
    dst = StringIO.new
    FileUtils.copy_stream src, dst
    assert_equal "x" * 40000, dst.string
    File.open("a") { |r| File.open("cs", "w") { |w| FileUtils.copy_stream r, w } }
    assert_equal "hello", File.read("cs")
  end
end

test "cp_r copy_entry" do
  fresh do
    FileUtils.mkdir_p "src/sub/deep"
    write "src/f", "F"
    write "src/sub/g", "G"
    File.symlink "f", "src/link"
    FileUtils.cp_r "src", "dst"
    assert_equal "F", File.read("dst/f")
    assert_equal "G", File.read("dst/sub/g")
    assert_true File.directory?("dst/sub/deep")
    assert_true File.symlink?("dst/link")
    assert_equal "f", File.readlink("dst/link")
    # into an existing directory
    FileUtils.cp_r "src", "dst"
    assert_equal "G", File.read("dst/src/sub/g")
    # a list into a directory
    Dir.mkdir "many"
    FileUtils.cp_r %w(src/f src/sub), "many"
    assert_equal ["f", "sub"], Dir.entries("many").sort - [".", ".."]
    # a file
    FileUtils.cp_r "src/f", "single"
    assert_equal "F", File.read("single")
    # :preserve keeps times and modes, directories too
    old = Time.at(1100000000)
    File.chmod 0750, "src/sub"
    File.utime old, old, "src/sub/g"
    File.utime old, old, "src/sub"
    FileUtils.cp_r "src", "kept", :preserve => true
    assert_equal old, File.mtime("kept/sub/g")
    assert_equal old, File.mtime("kept/sub")
    assert_equal 0750, File.stat("kept/sub").mode & 0777
    # the root symlink is followed, inner ones copied as links
    File.symlink "src", "srclink"
    FileUtils.cp_r "srclink", "fromlink"
    assert_false File.symlink?("fromlink")
    assert_true File.symlink?("fromlink/link")
    FileUtils.cp_r "srclink", "rootlink", :dereference_root => false
    assert_true File.symlink?("rootlink")
    # :remove_destination
    write "dst/f", "stale"
    FileUtils.cp_r "src/.", "dst", :remove_destination => true
    assert_equal "F", File.read("dst/f")
    e = assert_raise(ArgumentError) { FileUtils.cp_r "src", "src/sub" }
    assert_equal "cannot copy directory src to itself src/sub/src", e.message
    e = assert_raise(ArgumentError) { FileUtils.cp_r "src", "src" }
    assert_equal "cannot copy directory src to itself src/src", e.message
    e = assert_raise(Errno::ENOENT) { FileUtils.cp_r "nope", "x" }
    assert_equal "No such file or directory - nope", e.message
    assert_equal "cp -r src x\n", messages { FileUtils.cp_r "src", "x", :verbose => true, :noop => true }
    assert_equal "cp -rp src x\n", messages { FileUtils.cp_r "src", "x", :verbose => true, :noop => true, :preserve => true }
    assert_equal "cp -r --remove-destination a b x\n",
                 messages { FileUtils.cp_r %w(a b), "x", :verbose => true, :noop => true, :remove_destination => true }
    assert_false File.exist?("x")
    assert_raise(ArgumentError, "no such option: force") { FileUtils.cp_r "src", "y", :force => true }

    FileUtils.copy_entry "src", "entry"
    assert_equal "G", File.read("entry/sub/g")
    FileUtils.copy_entry "src/link", "entrylink"
    assert_true File.symlink?("entrylink")
    FileUtils.copy_entry "src/link", "entryfile", false, true
    assert_false File.symlink?("entryfile")
    assert_equal "F", File.read("entryfile")
  end
end

test "mv move" do
  fresh do
    write "a", "A"
    FileUtils.mv "a", "b"
    assert_false File.exist?("a")
    assert_equal "A", File.read("b")
    Dir.mkdir "d"
    FileUtils.move "b", "d"
    assert_equal "A", File.read("d/b")
    write "x", "X"
    write "y", "Y"
    FileUtils.mv %w(x y), "d"
    assert_equal ["b", "x", "y"], Dir.entries("d").sort - [".", ".."]
    write "over", "new"
    write "d/over", "old"
    FileUtils.mv "over", "d"
    assert_equal "new", File.read("d/over")
    FileUtils.mv "d", "e"
    assert_true File.directory?("e")
    FileUtils.mkdir_p ["f/e", "g"]
    e = assert_raise(Errno::EEXIST) { FileUtils.mv "e", "f" }
    assert_equal "File exists - f", e.message
    FileUtils.mv "e", "f", :force => true         # errors ignored
    assert_true File.directory?("e")
    e = assert_raise(Errno::ENOENT) { FileUtils.mv "nope", "z" }
    assert_equal "No such file or directory - nope or z", e.message
    assert_nothing_raised { FileUtils.mv "nope", "z", :force => true }
    e = assert_raise(ArgumentError) { FileUtils.mv "e/b", "e/b" }
    assert_equal "same file: e/b and e/b", e.message
    assert_equal "mv e g\n", messages { FileUtils.mv "e", "g", :verbose => true, :noop => true }
    assert_equal "mv -f e/b e/x g\n", messages { FileUtils.mv %w(e/b e/x), "g", :verbose => true, :noop => true, :force => true }
    assert_true File.exist?("e/b")
    assert_raise(ArgumentError, "no such option: preserve") { FileUtils.mv "e", "g", :preserve => true }
  end
end

test "rm remove rm_f safe_unlink" do
  fresh do
    write "a", ""
    write "b", ""
    write "c", ""
    FileUtils.rm "a"
    assert_false File.exist?("a")
    FileUtils.remove %w(b c)
    assert_false File.exist?("b") || File.exist?("c")
    e = assert_raise(Errno::ENOENT) { FileUtils.rm "a" }
    assert_equal "No such file or directory - a", e.message
    assert_nothing_raised { FileUtils.rm "a", :force => true }
    Dir.mkdir "d"
    e = assert_raise(Errno::EISDIR) { FileUtils.rm "d" }
    assert_equal "Is a directory - d", e.message
    File.symlink "d", "sl"
    FileUtils.rm "sl"
    assert_false File.symlink?("sl")
    assert_true File.directory?("d")
    write "e", ""
    FileUtils.rm_f %w(e nope)
    assert_false File.exist?("e")
    FileUtils.safe_unlink "nope"
    assert_equal "rm x y\n", messages { FileUtils.rm %w(x y), :verbose => true, :noop => true }
    assert_equal "rm -f x\n", messages { FileUtils.rm "x", :verbose => true, :force => true }
    assert_equal "rm -f x\n", messages { FileUtils.rm_f "x", :verbose => true }
    write "kept", ""
    assert_equal "rm kept\n", messages { FileUtils.rm "kept", :verbose => true, :noop => true }
    assert_true File.exist?("kept")
    assert_raise(ArgumentError, "no such option: force") { FileUtils.rm_f "x", :force => true }
    assert_raise(ArgumentError, "no such option: secure") { FileUtils.rm "x", :secure => true }
  end
end

test "rm_r rm_rf rmtree remove_entry remove_dir remove_file" do
  fresh do
    FileUtils.mkdir_p "t/a/b"
    write "t/a/b/f", "x"
    write "t/g", "x"
    File.symlink "/", "t/root"       # not followed
    FileUtils.rm_r "t"
    assert_false File.exist?("t")
    e = assert_raise(Errno::ENOENT) { FileUtils.rm_r "t" }
    assert_equal "No such file or directory - t", e.message
    FileUtils.rm_r "t", :force => true
    FileUtils.mkdir_p %w(u/v w)
    write "file", ""
    FileUtils.rm_rf %w(u w file nope)
    assert_equal [], Dir.entries(".") - [".", ".."]
    FileUtils.mkdir_p "r/s"
    FileUtils.rmtree "r"
    assert_false File.exist?("r")
    FileUtils.mkdir_p "sec/x"
    FileUtils.rm_r "sec", :secure => true
    assert_false File.exist?("sec")
    assert_equal "rm -r a b\n", messages { FileUtils.rm_r %w(a b), :verbose => true, :noop => true }
    assert_equal "rm -rf a\n", messages { FileUtils.rm_r "a", :verbose => true, :force => true }
    assert_equal "rm -rf a\n", messages { FileUtils.rm_rf "a", :verbose => true }
    Dir.mkdir "kept"
    assert_equal "rm -rf kept\n", messages { FileUtils.rmtree "kept", :verbose => true, :noop => true }
    assert_true File.directory?("kept")
    assert_raise(ArgumentError, "no such option: force") { FileUtils.rm_rf "x", :force => true }
    assert_raise(ArgumentError, "no such option: mode") { FileUtils.rm_r "x", :mode => 1 }

    FileUtils.mkdir_p "e/f"
    FileUtils.remove_entry "e"
    assert_false File.exist?("e")
    assert_raise(Errno::ENOENT) { FileUtils.remove_entry "e" }
    assert_nothing_raised { FileUtils.remove_entry "e", true }
    FileUtils.mkdir_p "rd/x"
    FileUtils.remove_dir "rd"
    assert_false File.exist?("rd")
    write "rf", ""
    FileUtils.remove_file "rf"
    assert_false File.exist?("rf")
    assert_raise(Errno::ENOENT) { FileUtils.remove_file "rf" }
    assert_nothing_raised { FileUtils.remove_file "rf", true }
    FileUtils.mkdir_p "se/y"
    FileUtils.remove_entry_secure "se"
    assert_false File.exist?("se")
    write "sf", ""
    FileUtils.remove_entry_secure "sf"
    assert_false File.exist?("sf")
    assert_raise(Errno::ENOENT) { FileUtils.remove_entry_secure "sf" }
    # a world-writable parent without the sticky bit is refused
    FileUtils.mkdir_p "open/victim"
    File.chmod 0777, "open"
    e = assert_raise(ArgumentError) { FileUtils.remove_entry_secure "open/victim" }
    assert_equal "parent directory is world writable, FileUtils#remove_entry_secure does not work; abort: \"open/victim\" (parent directory mode 40777)", e.message
    File.chmod 01777, "open"
    FileUtils.remove_entry_secure "open/victim"
    assert_false File.exist?("open/victim")
  end
end

test "install" do
  fresh do
    write "a", "data"
    FileUtils.install "a", "b"
    assert_equal "data", File.read("b")
    FileUtils.install "a", "m", :mode => 0755
    assert_equal 0755, File.stat("m").mode & 0777
    old = Time.at(1200000000)
    File.utime old, old, "a"
    FileUtils.install "a", "p", :preserve => true
    assert_equal old, File.mtime("p")
    # same content: left alone
    File.chmod 0600, "b"
    FileUtils.install "a", "b"
    assert_equal 0600, File.stat("b").mode & 0777
    write "b", "other"
    FileUtils.install "a", "b"
    assert_equal "data", File.read("b")
    Dir.mkdir "d"
    FileUtils.install %w(a b), "d", :mode => 0700
    assert_equal 0700, File.stat("d/b").mode & 0777
    assert_raise(ArgumentError, "same file: a and a") { FileUtils.install "a", "a" }
    assert_raise(Errno::ENOENT) { FileUtils.install "nope", "x" }
    assert_equal "install -c a x\n", messages { FileUtils.install "a", "x", :verbose => true, :noop => true }
    assert_equal "install -c -p -m 0755 a x\n",
                 messages { FileUtils.install "a", "x", :verbose => true, :noop => true, :preserve => true, :mode => 0755 }
    assert_false File.exist?("x")
    assert_raise(ArgumentError, "no such option: force") { FileUtils.install "a", "x", :force => true }
  end
end

test "chmod chmod_R" do
  fresh do
    FileUtils.mkdir_p "d/e"
    write "d/f", ""
    write "g", ""
    FileUtils.chmod 0600, "g"
    assert_equal 0600, File.stat("g").mode & 0777
    FileUtils.chmod 0644, %w(g d/f)
    assert_equal 0644, File.stat("d/f").mode & 0777
    FileUtils.chmod_R 0700, "d"
    assert_equal 0700, File.stat("d").mode & 0777
    assert_equal 0700, File.stat("d/e").mode & 0777
    assert_equal 0700, File.stat("d/f").mode & 0777
    e = assert_raise(Errno::ENOENT) { FileUtils.chmod 0644, "nope" }
    assert_equal "No such file or directory - nope", e.message
    assert_raise(Errno::ENOENT) { FileUtils.chmod_R 0644, "nope" }
    assert_nothing_raised { FileUtils.chmod_R 0644, "nope", :force => true }
    assert_equal "chmod 644 g d/f\n", messages { FileUtils.chmod 0644, %w(g d/f), :verbose => true }
    assert_equal "chmod -R 755 d\n", messages { FileUtils.chmod_R 0755, "d", :verbose => true, :noop => true }
    assert_equal 0700, File.stat("d").mode & 0777
    assert_equal "chmod -Rf 755 d\n", messages { FileUtils.chmod_R 0755, "d", :verbose => true, :noop => true, :force => true }
    assert_raise(ArgumentError, "no such option: force") { FileUtils.chmod 0644, "g", :force => true }
  end
end

test "chown chown_R" do
  fresh do
    FileUtils.mkdir_p "d/e"
    write "d/f", ""
    st = File.stat("d/f")
    FileUtils.chown nil, nil, "d/f"
    FileUtils.chown st.uid, st.gid, "d/f"
    FileUtils.chown st.uid.to_s, nil, "d/f"
    FileUtils.chown_R st.uid, st.gid, "d"
    assert_equal st.uid, File.stat("d/e").uid
    assert_equal st.gid, File.stat("d/e").gid
    if File.exist?("/etc/passwd") && File.read("/etc/passwd") =~ /^root:[^:]*:0:/
      FileUtils.chown "root", nil, "d/f" if Process.euid == 0
      assert_equal 0, File.stat("d/f").uid if Process.euid == 0
    end
    e = assert_raise(ArgumentError) { FileUtils.chown "no-such-user-here", nil, "d/f" }
    assert_equal "can't find user for no-such-user-here", e.message
    e = assert_raise(ArgumentError) { FileUtils.chown nil, "no-such-group-here", "d/f" }
    assert_equal "can't find group for no-such-group-here", e.message
    assert_raise(Errno::ENOENT) { FileUtils.chown st.uid, nil, "nope" }
    assert_equal "chown alice:staff a b\n", messages { FileUtils.chown "alice", "staff", %w(a b), :verbose => true, :noop => true }
    assert_equal "chown staff a\n", messages { FileUtils.chown nil, "staff", "a", :verbose => true, :noop => true }
    assert_equal "chown -R alice a\n", messages { FileUtils.chown_R "alice", nil, "a", :verbose => true, :noop => true }
    assert_equal "chown -Rf 0:0 a\n", messages { FileUtils.chown_R 0, 0, "a", :verbose => true, :noop => true, :force => true }
    assert_raise(ArgumentError, "no such option: force") { FileUtils.chown 0, 0, "a", :force => true }
  end
end

test "touch" do
  fresh do
    FileUtils.touch "a"
    assert_true File.file?("a")
    assert_equal 0, File.size("a")
    t = Time.at(1000000000)
    FileUtils.touch %w(a b), :mtime => t
    assert_equal t, File.mtime("a")
    assert_equal t, File.mtime("b")
    FileUtils.touch "a"
    assert_true File.mtime("a") > t
        e = assert_raise(Errno::ENOENT) { FileUtils.touch "c", :nocreate => true }
    assert_equal "No such file or directory - c", e.message
    assert_false File.exist?("c")
    assert_raise(Errno::ENOENT) { FileUtils.touch "nodir/c" }
    assert_equal "touch a b\n", messages { FileUtils.touch %w(a b), :verbose => true }
    assert_equal "touch x\n", messages { FileUtils.touch "x", :verbose => true, :noop => true }
    assert_false File.exist?("x")
    assert_equal "touch  -cx\n", messages { FileUtils.touch "x", :verbose => true, :noop => true, :nocreate => true }
    assert_equal "touch  -t 200109090146.40x\n",
                 messages { FileUtils.touch "x", :verbose => true, :noop => true, :mtime => Time.at(1000000000).utc }
    assert_raise(ArgumentError, "no such option: force") { FileUtils.touch "a", :force => true }
  end
end

test "uptodate?" do
  fresh do
    write "old", ""
    write "new", ""
    File.utime Time.at(1000), Time.at(1000), "old"
    File.utime Time.at(2000), Time.at(2000), "new"
    assert_true FileUtils.uptodate?("new", ["old"])
    assert_true FileUtils.uptodate?("new", ["old", "missing"])
    assert_false FileUtils.uptodate?("old", ["new"])
    assert_false FileUtils.uptodate?("missing", ["old"])
    assert_true FileUtils.uptodate?("new", [])
    assert_false FileUtils.uptodate?("new", ["new"])
    e = assert_raise(ArgumentError) { FileUtils.uptodate?("new", ["old"], :verbose => true) }
    assert_equal "uptodate? does not accept any option", e.message
  end
end

test "compare_file identical? cmp compare_stream" do
  fresh do
    write "a", "same" * 10000
    write "b", "same" * 10000
    write "c", "same" * 9999 + "diff"
    write "d", "short"
    write "e", ""
    write "f", ""
    assert_true FileUtils.compare_file("a", "b")
    assert_false FileUtils.compare_file("a", "c")
    assert_false FileUtils.identical?("a", "d")
    assert_true FileUtils.cmp("e", "f")
    assert_true FileUtils.cmp("a", "a")
    assert_raise(Errno::ENOENT) { FileUtils.cmp("a", "nope") }
    assert_true FileUtils.compare_stream(StringIO.new("abc"), StringIO.new("abc"))
    assert_false FileUtils.compare_stream(StringIO.new("abc"), StringIO.new("abd"))
    assert_false FileUtils.compare_stream(StringIO.new("abc"), StringIO.new("abcd"))
    assert_false FileUtils.compare_stream(StringIO.new(""), StringIO.new("a"))
    assert_true FileUtils.compare_stream(StringIO.new(""), StringIO.new(""))
  end
end

test "introspection" do
  assert_true FileUtils.commands.include?("cp")
  assert_true FileUtils.commands.include?("rm_rf")
  assert_false FileUtils.commands.include?("pwd")
  assert_equal %w(force mode mtime nocreate noop preserve verbose secure dereference_root remove_destination).sort,
               FileUtils.options.sort
  assert_equal %w(noop preserve verbose), FileUtils.options_of(:cp).sort
  assert_equal %w(noop preserve verbose), FileUtils.options_of("copy").sort
  assert_equal %w(mode noop verbose), FileUtils.options_of(:mkdir_p).sort
  assert_true FileUtils.have_option?(:cp, :preserve)
  assert_true FileUtils.have_option?("rm", :force)
  assert_false FileUtils.have_option?(:rm_f, :force)
  e = assert_raise(ArgumentError) { FileUtils.have_option?(:nothing, :force) }
  assert_equal "no such method: nothing", e.message
  assert_equal %w(copy cp cp_r install), FileUtils.collect_method(:preserve).sort
  assert_equal %w(install mkdir mkdir_p makedirs mkpath).sort, FileUtils.collect_method(:mode).sort
end

test "module functions and include" do
  klass = Class.new { include FileUtils; def here; pwd; end; def mk(d); mkdir_p d; end }
  obj = klass.new
  assert_equal Dir.pwd, obj.here
  assert_raise(NoMethodError) { obj.pwd }                # private, as a module_function
  assert_raise(NoMethodError) { FileUtils.fu_list("a") }  # helpers are private
  fresh do
    obj.mk "x/y"
    assert_true File.directory?("x/y")
  end
end

test "FileUtils::Verbose" do
  fresh do
    out = messages(FileUtils::Verbose) do
      FileUtils::Verbose.mkdir_p "a/b"
      FileUtils::Verbose.touch "a/f"
      FileUtils::Verbose.cp "a/f", "a/g"
      FileUtils::Verbose.rm_rf "a"
    end
    assert_equal "mkdir -p a/b\ntouch a/f\ncp a/f a/g\nrm -rf a\n", out
    assert_false File.exist?("a")
    assert_equal Dir.pwd, FileUtils::Verbose.pwd
    klass = Class.new { include FileUtils::Verbose; def mk(d); mkdir d; end }
    out = messages(obj = klass.new) { obj.mk "x" }
    assert_equal "mkdir x\n", out
    assert_true File.directory?("x")
    assert_raise(NoMethodError) { obj.mkdir "y" }
  end
end

test "FileUtils::NoWrite and DryRun" do
  fresh do
    out = messages(FileUtils::NoWrite) do
      FileUtils::NoWrite.mkdir_p "a/b"
      FileUtils::NoWrite.touch "f"
    end
    assert_equal "", out
    assert_false File.exist?("a") || File.exist?("f")
    write "keep", "x"
    FileUtils::NoWrite.rm_rf "keep"
    assert_true File.exist?("keep")
    FileUtils::NoWrite.cd(".") { assert_true true }          # commands without :noop work
    assert_true FileUtils::NoWrite.compare_file("keep", "keep")
    out = messages(FileUtils::DryRun) do
      FileUtils::DryRun.mkdir_p "a/b"
      FileUtils::DryRun.rm_f "keep"
      FileUtils::DryRun.cp_r "keep", "other"
    end
    assert_equal "mkdir -p a/b\nrm -f keep\ncp -r keep other\n", out
    assert_true File.exist?("keep")
    assert_false File.exist?("a") || File.exist?("other")
  end
end

test "bad arguments" do
  assert_raise(NoMethodError) { FileUtils.mkdir 5 }
  assert_raise(ArgumentError) { FileUtils.mkdir }
  assert_raise(ArgumentError, "no such option: foo bar") { FileUtils.rm "x", :foo => 1, :bar => 2 }
end
