class foo
end
