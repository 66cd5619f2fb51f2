// hackysack.go: test/workloads/hackysack.rb in Go, for test/bench/hackysack_scale.
// Usage: hackysack [PLAYERS [KICKS]] (defaults 10 and 1000).
// PLAYERS goroutines in a circle, each blocked on a channel of its own (the
// Ruby program's Queue per player), pass a sack: a player who receives it
// counts a kick and passes it to a player chosen at random; once the count
// passes KICKS, that player tells everyone to exit.  Only one message is
// ever in flight besides the final exits, so a buffer of one never blocks.
// Prints the Ruby program's line: "N players, K kicks: T s".
package main

import (
	"fmt"
	"math/rand"
	"os"
	"strconv"
	"sync"
	"time"
)

const exit = -1

type game struct {
	circle  []chan int
	counter int
	limit   int
	wg      sync.WaitGroup
}

func (g *game) play(me int) {
	defer g.wg.Done()
	for msg := range g.circle[me] {
		if msg == exit {
			return
		}
		g.counter++ // the sack's holder alone touches it: the channels order the accesses
		if g.counter > g.limit {
			for _, q := range g.circle {
				q <- exit
			}
			return
		}
		g.circle[rand.Intn(len(g.circle))] <- me
	}
}

func arg(i, dflt int) int {
	if len(os.Args) > i {
		if v, err := strconv.Atoi(os.Args[i]); err == nil {
			return v
		}
	}
	return dflt
}

func main() {
	players, kicks := arg(1, 10), arg(2, 1000)
	t0 := time.Now()
	g := &game{circle: make([]chan int, players), limit: kicks}
	for i := range g.circle {
		g.circle[i] = make(chan int, 1)
	}
	g.wg.Add(players)
	for i := 0; i < players; i++ {
		go g.play(i)
	}
	g.circle[0] <- 1
	g.wg.Wait()
	fmt.Printf("%d players, %d kicks: %g s\n", players, kicks, time.Since(t0).Seconds())
}
