class f{s.p||{}.h||{}.p||{}.p||{}.h||{notice
(x)}.p||{}}