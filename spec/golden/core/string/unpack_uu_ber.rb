# String#unpack 'u' (uudecode) and 'w' (BER-compressed integers).
def t; p yield; rescue => e; puts "#{e.class}: #{e.message}"; end
t { "#86)C\n".unpack("u") }
t { "M:&5L;&\\@=V]R;&0L('1H:7,@:7,@82!L;VYG97(@;&EN92!O9B!T97AT(6AE\nM;&QO('=O<FQD+\"!T:&ES(&ES(&$@;&]N9V5R(&QI;F4@;V8@=&5X=\"%H96QL\nG;R!W;W)L9\"P@=&AI<R!I<R!A(&QO;F=E<B!L:6YE(&]F('1E>'0A\n".unpack("u") }
t { "".unpack("uuu") }
t { "#86)C".unpack("u238") }
t { "\x01\x02\x81\x00\x83\xff\x7f".b.unpack("w*") }
t { "\x81\x80\x80\x80\x80\x80\x80\x80\x80\x80\x00\x05".b.unpack("w w") }
t { "\x81".b.unpack("w") }
t { "#86)C".unpack1("u").encoding }
