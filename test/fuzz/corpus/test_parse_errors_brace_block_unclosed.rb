[1].each { |x|
