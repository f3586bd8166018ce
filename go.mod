module github.com/hallumaze/hallumaze

go 1.26

require (
	github.com/google/go-cmp v0.7.0 // indirect
	github.com/stretchr/testify v1.12.1 // indirect
	gopkg.in/dnaeon/go-vcr.v4 v4.0.8 // indirect
	pgregory.net/rapid v1.3.0 // indirect
)
