# mandelbrot.rb: the Mandelbrot set as a bitmap (test/bench/speed).
#   A tight Float loop; the checksum is a sum over the bitmap's bytes.
#   usage: mandelbrot.rb [SIZE]  (default 750)
size = (ARGV[0] || 750).to_i
sum = 0
bits = 0
bit_num = 0
y = 0
while y < size
  ci = (2.0 * y / size) - 1.0
  x = 0
  while x < size
    zr = 0.0
    zi = 0.0
    cr = (2.0 * x / size) - 1.5
    escape = 1
    i = 0
    while i < 50
      tr = zr * zr - zi * zi + cr
      ti = 2.0 * zr * zi + ci
      zr = tr
      zi = ti
      if zr * zr + zi * zi > 4.0
        escape = 0
        break
      end
      i += 1
    end
    bits = (bits << 1) | escape
    bit_num += 1
    if bit_num == 8
      sum = (sum * 31 + bits) % 1000000007
      bits = 0
      bit_num = 0
    end
    x += 1
  end
  y += 1
end
puts sum
