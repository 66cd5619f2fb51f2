def m
  module M; end
end
