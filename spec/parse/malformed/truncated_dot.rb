x = foo.
