# env.rb: ENV as Ruby 1.8.7 has it: reading, setting and deleting
# variables (nil deletes), frozen String values, type errors, iteration
# and the hash-like conversions.
require 'assert'

test "read and write" do
  ENV["MINIRUBY_T1"] = "one"
  assert_equal "one", ENV["MINIRUBY_T1"]
  assert_true ENV["MINIRUBY_T1"].frozen?
  assert_true ENV.key?("MINIRUBY_T1")
  assert_true ENV.has_key?("MINIRUBY_T1")
  assert_true ENV.include?("MINIRUBY_T1")
  assert_nil ENV["MINIRUBY_NOT_SET"]
  assert_false ENV.key?("MINIRUBY_NOT_SET")
  assert_equal "two", ENV.store("MINIRUBY_T1", "two")
  assert_equal "two", ENV["MINIRUBY_T1"]
  ENV["MINIRUBY_T1"] = ""
  assert_equal "", ENV["MINIRUBY_T1"]
end

test "nil deletes, delete returns the value" do
  ENV["MINIRUBY_T2"] = "x"
  assert_nil(ENV["MINIRUBY_T2"] = nil)
  assert_nil ENV["MINIRUBY_T2"]
  ENV["MINIRUBY_T2"] = "y"
  assert_equal "y", ENV.delete("MINIRUBY_T2")
  assert_nil ENV.delete("MINIRUBY_T2")
  seen = nil
  assert_nil ENV.delete("MINIRUBY_T2") { |k| seen = k }
  assert_equal "MINIRUBY_T2", seen
end

test "fetch" do
  ENV["MINIRUBY_T3"] = "v"
  assert_equal "v", ENV.fetch("MINIRUBY_T3")
  assert_equal "d", ENV.fetch("MINIRUBY_NOT_SET", "d")
  assert_equal "MINIRUBY_NOT_SET!", ENV.fetch("MINIRUBY_NOT_SET") { |k| k + "!" }
  assert_raise(IndexError, "key not found") { ENV.fetch("MINIRUBY_NOT_SET") }
  ENV.delete("MINIRUBY_T3")
end

test "type errors" do
  assert_raise(TypeError, "can't convert Fixnum into String") { ENV[1] }
  assert_raise(TypeError) { ENV["MINIRUBY_T4"] = 1 }
  assert_raise(TypeError) { ENV[:sym] = "x" }
  assert_raise(ArgumentError) { ENV["A\0B"] }
  assert_raise(ArgumentError) { ENV["MINIRUBY_T4"] = "a\0b" }
  assert_raise(Errno::EINVAL) { ENV["A=B"] = "x" }
end

test "keys values to_hash to_a size" do
  ENV["MINIRUBY_T5"] = "five"
  assert_true ENV.keys.include?("MINIRUBY_T5")
  assert_true ENV.values.include?("five")
  h = ENV.to_hash
  assert_kind_of Hash, h
  assert_equal "five", h["MINIRUBY_T5"]
  assert_true ENV.to_a.include?(["MINIRUBY_T5", "five"])
  assert_equal ENV.keys.size, ENV.size
  assert_equal ENV.size, ENV.length
  assert_false ENV.empty?
  assert_true ENV.has_value?("five")
  assert_false ENV.value?(5)
  assert_equal "MINIRUBY_T5", ENV.index("five")
  assert_equal ["five", nil], ENV.values_at("MINIRUBY_T5", "MINIRUBY_NOT_SET")
  assert_equal "ENV", ENV.to_s
  ENV.delete("MINIRUBY_T5")
end

test "inspect" do
  ENV["MINIRUBY_T6"] = "q\""
  assert_match(/"MINIRUBY_T6"=>"q\\""/, ENV.inspect)
  assert_equal "{", ENV.inspect[0, 1]
  assert_equal "}", ENV.inspect[-1, 1]
  ENV.delete("MINIRUBY_T6")
end

test "iteration" do
  ENV["MINIRUBY_T7"] = "seven"
  pairs = []
  ENV.each { |k, v| pairs << [k, v] }
  assert_true pairs.include?(["MINIRUBY_T7", "seven"])
  pairs = []
  assert_same ENV, ENV.each_pair { |k, v| pairs << [k, v] }
  assert_true pairs.include?(["MINIRUBY_T7", "seven"])
  sel = ENV.select { |k, v| k == "MINIRUBY_T7" }
  assert_equal [["MINIRUBY_T7", "seven"]], sel
  rej = ENV.reject { |k, v| k != "MINIRUBY_T7" }
  assert_equal({"MINIRUBY_T7" => "seven"}, rej)
  assert_equal "seven", ENV["MINIRUBY_T7"]
  keys = []
  ENV.each_key { |k| keys << k }
  assert_equal ENV.keys, keys
  ENV.each { |k, v| ENV.delete(k) if k == "MINIRUBY_T7" }
  assert_nil ENV["MINIRUBY_T7"]
  assert_true ENV.map { |k, v| k }.size > 0
end

test "delete_if and update" do
  ENV["MINIRUBY_T8"] = "a"
  ENV["MINIRUBY_T9"] = "b"
  ENV.delete_if { |k, v| k == "MINIRUBY_T8" }
  assert_nil ENV["MINIRUBY_T8"]
  assert_equal "b", ENV["MINIRUBY_T9"]
  ENV.update("MINIRUBY_T9" => "c", "MINIRUBY_T8" => "d")
  assert_equal "c", ENV["MINIRUBY_T9"]
  assert_equal "d", ENV["MINIRUBY_T8"]
  ENV.delete("MINIRUBY_T8")
  ENV.delete("MINIRUBY_T9")
end

test "child processes see changes" do
  ENV["MINIRUBY_T10"] = "inherited"
  assert_equal "inherited\n", `echo $MINIRUBY_T10`
  ENV.delete("MINIRUBY_T10")
end
