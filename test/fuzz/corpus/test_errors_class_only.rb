# raise with a class only: the message is the class name
raise IndexError
