# ObjectSpace._id2ref and GC.stress as 1.8.7 has them.
require 'assert'

test "_id2ref finds what object_id names" do
  s = "abc"
  assert_same s, ObjectSpace._id2ref(s.object_id)
  a = [1]
  assert_same a, ObjectSpace._id2ref(a.object_id)
  assert_same String, ObjectSpace._id2ref(String.object_id)
  assert_equal 1, ObjectSpace._id2ref(1.object_id)
  assert_equal(-5, ObjectSpace._id2ref(-5.object_id))
  assert_equal 2 ** 40, ObjectSpace._id2ref((2 ** 40).object_id)
  assert_equal :sym, ObjectSpace._id2ref(:sym.object_id)
  assert_nil ObjectSpace._id2ref(nil.object_id)
  assert_true ObjectSpace._id2ref(true.object_id)
  assert_false ObjectSpace._id2ref(false.object_id)
  assert_equal [4, 2, 0], [nil.object_id, true.object_id, false.object_id]
  assert_equal 3, 1.object_id
end

test "object_ids are distinct across kinds" do
  ids = [1, -1, :a, :b, nil, true, false, "x", Object.new].map { |o| o.object_id }
  assert_equal ids.size, ids.uniq.size
  assert_true :a.object_id % 2 == 0
end

test "_id2ref of an id no object has" do
  assert_raise(RangeError, "0xbc614e is not id value") { ObjectSpace._id2ref(12345678) }
  assert_raise(TypeError, "can't convert String into Integer") { ObjectSpace._id2ref("x") }
end

test "GC.stress" do
  assert_false GC.stress
  begin
    assert_equal true, (GC.stress = true)
    assert_true GC.stress
    x = (1..200).map { |i| "s#{i}" }
    assert_equal "s200", x.last
    assert_equal 1, (GC.stress = 1)
    assert_true GC.stress
    assert_nil(GC.stress = nil)
    assert_false GC.stress
  ensure
    GC.stress = false
  end
  assert_false GC.stress
end
