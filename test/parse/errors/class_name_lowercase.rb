class foo; end
