# syscall_ioctl.rb: Kernel#syscall and IO#ioctl (and fcntl's buffer
# argument), as 1.8.7.  Linux x86-64 numbers: read 0, write 1, getpid 39;
# FIONREAD 0x541B, TIOCGWINSZ 0x5413, F_GETFL 3.
require 'assert'

SYS_READ, SYS_WRITE, SYS_GETPID = 0, 1, 39
FIONREAD, TIOCGWINSZ = 0x541B, 0x5413

test "syscall: Integers and String buffers" do
  assert_equal $$, syscall(SYS_GETPID)
  assert_equal $$, syscall(SYS_GETPID, 1, 2, 3, 4, 5, 6, 7)
  assert_equal $$, syscall(SYS_GETPID, 2**40)
  r, w = IO.pipe
  assert_equal 3, syscall(SYS_WRITE, w.fileno, "abc", 3)
  buf = "." * 3
  assert_equal 3, syscall(SYS_READ, r.fileno, buf, 3)
  assert_equal "abc", buf
  r.close
  w.close
end

test "syscall: bad arguments" do
  assert_raise(ArgumentError, "too few arguments for syscall") { syscall }
  assert_raise(ArgumentError, "too many arguments for syscall") { syscall(SYS_GETPID, 1, 2, 3, 4, 5, 6, 7, 8) }
  assert_raise(TypeError, "can't convert String into Integer") { syscall("x") }
  assert_raise(TypeError, "no implicit conversion from nil to integer") { syscall(nil) }
  assert_raise(TypeError, "no implicit conversion from nil to integer") { syscall(SYS_GETPID, nil) }
  assert_raise(RangeError, "bignum too big to convert into `long'") { syscall(SYS_GETPID, 2**70) }
  assert_raise(TypeError, "can't modify frozen string") { syscall(SYS_WRITE, 1, "x".freeze, 1) }
  assert_raise(ArgumentError, "string contains null byte") { syscall(SYS_READ, 0, "\0", 1) }
  assert_raise(Errno::ENOSYS) { syscall(-1) }
  assert_raise(Errno::EBADF) { syscall(SYS_READ, 99, "x", 1) }
end

test "ioctl: an Integer, nil, or a String buffer of at least 256 bytes" do
  r, w = IO.pipe
  buf = "\0" * 4
  assert_equal 0, r.ioctl(FIONREAD, buf)
  assert_equal 257, buf.size                # grown, and a sentinel byte after
  assert_equal 17, buf[-1]
  assert_equal [0], buf.unpack("i")
  w.write "abc"
  r.ioctl(FIONREAD, buf)
  assert_equal [3], buf.unpack("i")
  long = "\1" * 300
  assert_equal 0, r.ioctl(FIONREAD, long)
  assert_equal [3, 300], [long.unpack("i")[0], long.size]
  assert_raise(Errno::EFAULT) { r.ioctl(FIONREAD, 5) }    # an address
  assert_raise(Errno::EFAULT) { r.ioctl(FIONREAD) }
  assert_raise(Errno::ENOTTY) { w.ioctl(TIOCGWINSZ, nil) }
  assert_raise(TypeError, "can't convert String into Integer") { w.ioctl("x") }
  assert_raise(TypeError, "can't modify frozen string") { w.ioctl(FIONREAD, "a".freeze) }
  r.close
  assert_raise(IOError, "closed stream") { r.ioctl(FIONREAD, 0) }
  w.close
end

test "fcntl takes a String buffer too" do
  r, w = IO.pipe
  assert_equal 1, w.fcntl(3, "abc") & 3     # F_GETFL: O_WRONLY, the buffer unused
  assert_equal w.fcntl(3), w.fcntl(3, nil)
  r.close
  w.close
end

test "$SAFE 2 forbids them" do
  t = Thread.new do
    $SAFE = 2
    [(syscall(SYS_GETPID) rescue $!), ($stdout.ioctl(FIONREAD) rescue $!)]
  end
  e1, e2 = t.value
  assert_kind_of SecurityError, e1
  assert_equal "Insecure operation `syscall' at level 2", e1.message
  assert_equal "Insecure operation `ioctl' at level 2", e2.message
end
