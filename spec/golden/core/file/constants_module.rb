# File::Constants: the open flags of Linux, BINARY and SHARE_DELETE (0
# outside Windows), NULL and LOCK_*; IO includes the module, File and IO
# answer the same names (cgi.rb reads File::BINARY).
# golden: ruby31
names = %i[RDONLY WRONLY RDWR CREAT TRUNC APPEND EXCL NONBLOCK NOCTTY SYNC DSYNC RSYNC
           NOFOLLOW DIRECT NOATIME TMPFILE BINARY SHARE_DELETE LOCK_SH LOCK_EX LOCK_NB LOCK_UN NULL]
names.each { |n| p [n, File::Constants.const_get(n), File.const_get(n) == File::Constants.const_get(n), IO.const_get(n) == File::Constants.const_get(n)] }
p IO.ancestors.include?(File::Constants)
p File::Constants.class
File.open(File::NULL, File::WRONLY | File::BINARY | File::NOCTTY) { |f| p f.syswrite("x") }
