x = %w[a b
