# The Errno classes of the network, with 1.8.7's numbers (Linux) and
# messages: the socket library raises them.
require 'assert'

test "network Errno classes" do
  table = {
    "EINPROGRESS" => [115, "Operation now in progress"],
    "EALREADY" => [114, "Operation already in progress"],
    "EISCONN" => [106, "Transport endpoint is already connected"],
    "ENOTCONN" => [107, "Transport endpoint is not connected"],
    "ECONNABORTED" => [103, "Software caused connection abort"],
    "ESHUTDOWN" => [108, "Cannot send after transport endpoint shutdown"],
    "EHOSTUNREACH" => [113, "No route to host"],
    "EHOSTDOWN" => [112, "Host is down"],
    "ENETUNREACH" => [101, "Network is unreachable"],
    "ENETDOWN" => [100, "Network is down"],
    "ENETRESET" => [102, "Network dropped connection on reset"],
    "EADDRNOTAVAIL" => [99, "Cannot assign requested address"],
    "EAFNOSUPPORT" => [97, "Address family not supported by protocol"],
    "EPFNOSUPPORT" => [96, "Protocol family not supported"],
    "EPROTONOSUPPORT" => [93, "Protocol not supported"],
    "EPROTOTYPE" => [91, "Protocol wrong type for socket"],
    "ENOPROTOOPT" => [92, "Protocol not available"],
    "ESOCKTNOSUPPORT" => [94, "Socket type not supported"],
    "EOPNOTSUPP" => [95, "Operation not supported"],
    "EDESTADDRREQ" => [89, "Destination address required"],
    "EMSGSIZE" => [90, "Message too long"],
    "ENOBUFS" => [105, "No buffer space available"],
    "ETOOMANYREFS" => [109, "Too many references: cannot splice"],
  }
  table.each do |name, (num, msg)|
    assert_true Errno.const_defined?(name), "Errno::#{name} is missing"
    next unless Errno.const_defined?(name)
    k = Errno.const_get(name)
    assert_equal SystemCallError, k.superclass
    assert_equal num, k::Errno
    assert_equal msg + " - connect(2)", k.new("connect(2)").message
  end
  assert_equal "Operation now in progress - accept(2)", SystemCallError.new("accept(2)", 115).message
end

test "EAGAIN and EWOULDBLOCK are one class" do
  assert_same Errno::EAGAIN, Errno::EWOULDBLOCK
  assert_equal "Resource temporarily unavailable - accept(2)", Errno::EAGAIN.new("accept(2)").message
end
