__FILE__ = "x"
