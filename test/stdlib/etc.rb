# etc.rb: ext/etc (Etc), checked against getent(1).
require 'assert'
require 'etc'

# getent's fields for a database entry.
def getent(db, key)
  line = `getent #{db} #{key}`.chomp
  line.split(":", -1)
end

test "getpwuid and getpwnam" do
  pw = Etc.getpwuid(Process.uid)
  assert_kind_of Struct::Passwd, pw
  f = getent("passwd", Process.uid)
  assert_equal f[0], pw.name
  assert_equal f[1], pw.passwd
  assert_equal Process.uid, pw.uid
  assert_equal f[3].to_i, pw.gid
  assert_equal f[4], pw.gecos
  assert_equal f[5], pw.dir
  assert_equal f[6], pw.shell
  assert_equal pw, Etc.getpwuid
  assert_equal pw, Etc.getpwnam(pw.name)
  root = Etc.getpwnam("root")
  assert_equal 0, root.uid
  assert_equal "root", Etc.getpwuid(0).name
end

test "getgrgid and getgrnam" do
  gr = Etc.getgrgid(Process.gid)
  assert_kind_of Struct::Group, gr
  f = getent("group", Process.gid)
  assert_equal f[0], gr.name
  assert_equal Process.gid, gr.gid
  assert_equal f[3].split(","), gr.mem
  assert_equal gr, Etc.getgrgid
  assert_equal gr, Etc.getgrnam(gr.name)
  assert_equal 0, Etc.getgrnam("root").gid
end

test "Struct members as 1.8.7 has them on Linux" do
  assert_equal %w[name passwd uid gid gecos dir shell], Struct::Passwd.members
  assert_equal %w[name passwd gid mem], Struct::Group.members
end

test "unknown users and groups" do
  e = assert_raise(ArgumentError) { Etc.getpwnam("no-such-user-xyz") }
  assert_equal "can't find user for no-such-user-xyz", e.message
  e = assert_raise(ArgumentError) { Etc.getpwuid(987654) }
  assert_equal "can't find user for 987654", e.message
  e = assert_raise(ArgumentError) { Etc.getgrnam("no-such-group-xyz") }
  assert_equal "can't find group for no-such-group-xyz", e.message
  e = assert_raise(ArgumentError) { Etc.getgrgid(987654) }
  assert_equal "can't find group for 987654", e.message
  assert_raise(TypeError) { Etc.getpwnam(nil) }
end

test "passwd and group iteration" do
  names = []
  assert_nil Etc.passwd { |pw| names << pw.name }
  assert_equal `getent passwd`.split("\n").map { |l| l.split(":")[0] }, names
  groups = []
  Etc.group { |g| groups << g.name }
  assert_equal `getent group`.split("\n").map { |l| l.split(":")[0] }, groups
  e = assert_raise(RuntimeError) { Etc.passwd { Etc.passwd { } } }
  assert_equal "parallel passwd iteration", e.message
  e = assert_raise(RuntimeError) { Etc.group { Etc.group { } } }
  assert_equal "parallel group iteration", e.message
  n = 0
  Etc.passwd { n += 1 }                  # the guard is released after a raise
  assert_equal names.size, n
end

test "getpwent and friends" do
  Etc.setpwent
  first = Etc.getpwent
  assert_kind_of Struct::Passwd, first
  Etc.setpwent
  assert_equal first, Etc.passwd
  Etc.endpwent
  Etc.setgrent
  g = Etc.getgrent
  assert_kind_of Struct::Group, g
  Etc.endgrent
  Etc.setpwent
  n = 0
  n += 1 while Etc.getpwent
  assert_equal `getent passwd`.split("\n").size, n
  assert_nil Etc.getpwent
  Etc.endpwent
end

test "getlogin" do
  login = Etc.getlogin
  assert(login.nil? || login.is_a?(String))
end
