# pstore.rb: lib/pstore.rb (PStore: transactions on a Marshal file).
require 'assert'
require 'pstore'

def rm_rf(path)
  if File.directory?(path) && !File.symlink?(path)
    Dir.entries(path).each { |e| rm_rf(File.join(path, e)) unless e == "." || e == ".." }
    Dir.rmdir(path)
  elsif File.exist?(path) || File.symlink?(path)
    File.unlink(path)
  end
end

TMP = File.join(ENV["TMPDIR"] || "/tmp", "miniruby-pstore-#{$$}")
Dir.mkdir(TMP)
at_exit { rm_rf(TMP) }
PATH = File.join(TMP, "data.pstore")

test "new" do
  db = PStore.new(PATH)
  assert_equal PATH, db.path
  assert_false File.exist?(PATH)          # nothing is made before a transaction
  assert_raise(PStore::Error, "directory #{TMP}/nodir does not exist") { PStore.new("#{TMP}/nodir/x") }
  assert PStore::Error < StandardError
end

test "outside a transaction" do
  db = PStore.new(PATH)
  ["[]", "fetch", "roots", "root?", "delete", "commit", "abort"].each do |m|
    args = { "[]" => [:a], "fetch" => [:a], "root?" => [:a], "delete" => [:a] }[m] || []
    assert_raise(PStore::Error, "not in transaction") { db.__send__(m, *args) }
  end
  assert_raise(PStore::Error, "not in transaction") { db[:a] = 1 }
end

test "write and read back" do
  db = PStore.new(PATH)
  r = db.transaction do |s|
    assert_same db, s
    assert_equal [], s.roots
    s[:list] = [1, "two", :three, 4.5, nil, true]
    s["hash"] = { "k" => [1, 2] }
    s[42] = 2 ** 80
    :done
  end
  assert_equal :done, r
  assert_true File.exist?(PATH)
  assert_false File.exist?(PATH + ".tmp")
  assert_false File.exist?(PATH + ".new")
  assert_equal({ :list => [1, "two", :three, 4.5, nil, true], "hash" => { "k" => [1, 2] }, 42 => 2 ** 80 },
               Marshal.load(File.open(PATH, "rb") { |f| f.read }))
  db2 = PStore.new(PATH)
  db2.transaction(true) do
    assert_equal [1, "two", :three, 4.5, nil, true], db2[:list]
    assert_equal({ "k" => [1, 2] }, db2["hash"])
    assert_equal 2 ** 80, db2[42]
    assert_nil db2[:missing]
    assert_equal [42, :list, "hash"].map { |x| x.to_s }.sort, db2.roots.map { |x| x.to_s }.sort
    assert_true db2.root?(:list)
    assert_false db2.root?(:missing)
  end
end

test "fetch" do
  db = PStore.new(PATH)
  db.transaction(true) do
    assert_equal 2 ** 80, db.fetch(42)
    assert_equal :dflt, db.fetch(:missing, :dflt)
    assert_nil db.fetch(:missing, nil)
    assert_raise(PStore::Error, "undefined root name `missing'") { db.fetch(:missing) }
  end
end

test "read-only transaction" do
  db = PStore.new(PATH)
  db.transaction(true) do
    assert_raise(PStore::Error, "in read-only transaction") { db[:x] = 1 }
    assert_raise(PStore::Error, "in read-only transaction") { db.delete(:list) }
    assert_equal [1, "two", :three, 4.5, nil, true], db[:list]
  end
  # a read-only transaction on a missing file sees nothing and makes nothing
  other = File.join(TMP, "none.pstore")
  ro = PStore.new(other)
  assert_equal [], ro.transaction(true) { ro.roots }
  assert_false File.exist?(other)
end

test "nested transaction" do
  db = PStore.new(PATH)
  db.transaction do
    assert_raise(PStore::Error, "nested transaction") { db.transaction {} }
  end
  # and the store is usable after
  assert_equal 2 ** 80, db.transaction(true) { db[42] }
end

test "delete" do
  db = PStore.new(PATH)
  db.transaction do
    db[:gone] = "x"
    assert_equal "x", db.delete(:gone)
    assert_nil db.delete(:gone)
  end
  assert_false db.transaction(true) { db.root?(:gone) }
end

test "commit and abort" do
  db = PStore.new(PATH)
  r = db.transaction do
    db[:c] = 1
    db.commit
    db[:c] = 2                   # not reached
  end
  assert_nil r
  assert_equal 1, db.transaction(true) { db[:c] }
  r = db.transaction do
    db[:c] = 3
    db[:new] = true
    db.abort
    db[:c] = 4
  end
  assert_nil r
  assert_equal [1, false], db.transaction(true) { [db[:c], db.root?(:new)] }
  # abort in a read-only transaction ends it too
  assert_nil db.transaction(true) { db.abort; :not_here }
end

test "an exception aborts and goes on" do
  db = PStore.new(PATH)
  assert_raise(ZeroDivisionError) do
    db.transaction { db[:c] = 99; 1 / 0 }
  end
  assert_equal 1, db.transaction(true) { db[:c] }
  assert_raise(PStore::Error, "not in transaction") { db[:c] }
end

test "the file is written only when the table changed" do
  db = PStore.new(PATH)
  File.utime(0, 0, PATH)
  db.transaction { db[:c] }                     # read in a write transaction
  assert_equal 0, File.mtime(PATH).to_i
  db.transaction { db[:c] = 1 }                 # same value: same dump
  assert_equal 0, File.mtime(PATH).to_i
  db.transaction { db[:c] = 5 }
  assert File.mtime(PATH).to_i > 0
  # a write transaction on a new file writes the empty table
  fresh = File.join(TMP, "fresh.pstore")
  f = PStore.new(fresh)
  f.transaction { }
  assert_equal({}, Marshal.load(File.open(fresh, "rb") { |io| io.read }))
end

test "an unfinished commit is completed" do
  path = File.join(TMP, "crash.pstore")
  File.open(path, "wb") { |f| f.write(Marshal.dump({ :v => "old" })) }
  # as left by a crash after PATH.new was complete, before it was copied
  File.open(path + ".new", "wb") { |f| f.write(Marshal.dump({ :v => "new" })) }
  db = PStore.new(path)
  assert_equal "new", db.transaction(true) { db[:v] }
  assert_true File.exist?(path + ".new")       # a reader does not change files
  assert_equal "new", db.transaction { db[:v] }
  assert_false File.exist?(path + ".new")
  assert_equal({ :v => "new" }, Marshal.load(File.open(path, "rb") { |f| f.read }))
end

test "corrupted and unreadable files" do
  bad = File.join(TMP, "bad.pstore")
  File.open(bad, "wb") { |f| f.write(Marshal.dump([1, 2])) }
  db = PStore.new(bad)
  assert_raise(PStore::Error, "PStore file seems to be corrupted.") { db.transaction { } }
  assert_raise(PStore::Error, "not in transaction") { db[:x] }
  File.open(bad, "wb") { |f| f.write("garbage") }
  assert_raise(TypeError) { db.transaction(true) { } }
  if Process.uid != 0
    File.chmod(0, bad)
    assert_raise(PStore::Error, "file #{bad} not readable") { PStore.new(bad) }
    File.chmod(0644, bad)
  end
end

test "a second writer waits for the lock" do
  path = File.join(TMP, "lock.pstore")
  a = PStore.new(path)
  b = PStore.new(path)
  log = []
  started = false
  ta = Thread.new do
    a.transaction do
      a[:n] = 1
      started = true
      20.times { Thread.pass }
      log << "a done"
    end
  end
  Thread.pass until started
  tb = Thread.new do
    b.transaction do
      log << "b in"
      b[:n] += 1
    end
  end
  ta.join
  tb.join
  assert_equal ["a done", "b in"], log
  assert_equal 2, a.transaction(true) { a[:n] }
end

test "another process sees the changes" do
  path = File.join(TMP, "proc.pstore")
  db = PStore.new(path)
  db.transaction { db[:from] = "parent" }
  pid = fork do
    s = PStore.new(path)
    s.transaction { s[:from] = s[:from] + "+child" }
    exit!(0)
  end
  Process.waitpid(pid)
  assert_equal "parent+child", db.transaction(true) { db[:from] }
end
