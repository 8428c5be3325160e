# Warning.warn with a category that is turned off prints nothing.
$stderr = $stdout
Warning[:deprecated] = false
Warning.warn("dep off\n", category: :deprecated)
Warning[:deprecated] = true
Warning.warn("dep on\n", category: :deprecated)
Warning[:experimental] = false
Warning.warn("exp off\n", category: :experimental)
Warning.warn("plain\n")
Warning.warn("nil cat\n", category: nil)
