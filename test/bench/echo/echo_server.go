// echo_server.go: the Go server of the echo benchmark (test/bench/echo/run),
// a goroutine per connection, as test/bench/echo_server.rb has a thread per
// connection.   usage: echo_server [PORT [HOST]]
// Listens on HOST (default 127.0.0.1) and PORT (default 0: a free one),
// prints "LISTENING <port>" once it accepts, and writes every line it reads
// back as it came, until the client closes.  A client line "SHUTDOWN" makes
// it print "RESULT connections <n>" and exit.
package main

import (
	"bufio"
	"fmt"
	"net"
	"os"
	"sync/atomic"
)

func serve(c net.Conn, l net.Listener) {
	defer c.Close()
	r := bufio.NewReader(c)
	for {
		line, err := r.ReadSlice('\n')
		if len(line) > 0 {
			if string(line) == "SHUTDOWN\n" {
				l.Close()
				return
			}
			if _, werr := c.Write(line); werr != nil {
				return
			}
		}
		if err != nil && err != bufio.ErrBufferFull {
			return
		}
	}
}

func main() {
	port, host := "0", "127.0.0.1"
	if len(os.Args) > 1 {
		port = os.Args[1]
	}
	if len(os.Args) > 2 {
		host = os.Args[2]
	}
	l, err := net.Listen("tcp", net.JoinHostPort(host, port))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Printf("LISTENING %d\n", l.Addr().(*net.TCPAddr).Port)
	var n int64
	for {
		c, err := l.Accept()
		if err != nil {
			break
		}
		atomic.AddInt64(&n, 1)
		go serve(c, l)
	}
	fmt.Printf("RESULT connections %d\n", atomic.LoadInt64(&n))
}
