# keywords as method names after def and after a dot
def class; end
def end; end
def if; end
def then() end
def self.class; end
x.class
x.end
x.then
x.do
