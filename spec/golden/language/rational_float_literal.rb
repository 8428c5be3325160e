# A float literal with the r suffix is the exact decimal, not the double's value.
p 0.3r, -0.3r, 3.14159r, 1.5ri, 0.1r + 0.2r == 0.3r, 10r, 0.000001r, 1_000.5r
p 3.14159r.class, (0.1r + 0.2r).to_s
