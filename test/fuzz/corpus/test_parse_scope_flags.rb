# SCOPE_CAPTURED and SCOPE_RETURN_IN_BLOCK
def plain; 1; end
def with_block; [1].each { |x| x }; end
def with_return; [1].each { |x| return x }; end
def with_for; for i in [1]; return i; end; end
def with_binding; binding; end
def with_eval; eval("1"); end
def with_lv; x.local_variables; end
def with_ie; instance_eval { }; end
def nested; def inner; [1].each { }; end; end
def deep; [1].each { [2].each { return 1 } }; end
