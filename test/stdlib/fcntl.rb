# fcntl.rb: ext/fcntl (the Fcntl constants), used with IO#fcntl.
require 'assert'
require 'fcntl'

test "constants" do
  %w[F_DUPFD F_GETFD F_GETLK F_SETFD F_GETFL F_SETFL F_SETLK F_SETLKW FD_CLOEXEC
     F_RDLCK F_UNLCK F_WRLCK O_CREAT O_EXCL O_NOCTTY O_TRUNC O_APPEND O_NONBLOCK
     O_NDELAY O_RDONLY O_RDWR O_WRONLY O_ACCMODE].each do |name|
    assert_kind_of Integer, Fcntl.const_get(name)
  end
  assert_equal File::RDONLY, Fcntl::O_RDONLY
  assert_equal File::WRONLY, Fcntl::O_WRONLY
  assert_equal File::RDWR, Fcntl::O_RDWR
  assert_equal File::CREAT, Fcntl::O_CREAT
  assert_equal File::NONBLOCK, Fcntl::O_NONBLOCK
  assert_equal 3, Fcntl::O_ACCMODE
  assert_equal 1, Fcntl::FD_CLOEXEC
end

test "with IO#fcntl" do
  r, w = IO.pipe
  fl = r.fcntl(Fcntl::F_GETFL)
  assert_equal Fcntl::O_RDONLY, fl & Fcntl::O_ACCMODE
  assert_equal Fcntl::O_WRONLY, w.fcntl(Fcntl::F_GETFL) & Fcntl::O_ACCMODE
  r.fcntl(Fcntl::F_SETFL, fl | Fcntl::O_NONBLOCK)
  assert_equal Fcntl::O_NONBLOCK, r.fcntl(Fcntl::F_GETFL) & Fcntl::O_NONBLOCK
  r.fcntl(Fcntl::F_SETFD, Fcntl::FD_CLOEXEC)
  assert_equal Fcntl::FD_CLOEXEC, r.fcntl(Fcntl::F_GETFD) & Fcntl::FD_CLOEXEC
  r.close
  w.close
end
