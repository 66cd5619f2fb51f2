# 1.8 warns when |a| is given several values (or none) and packs them
def two
  yield 1, 2
end
two { |a| p a }
[[3, 4]].each { |a| p a }
