def f
end
end
