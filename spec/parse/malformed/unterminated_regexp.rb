x = /abc
