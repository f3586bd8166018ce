module github.com/hallumaze/hallumaze

go 1.26

require (
	github.com/corentings/chess/v2 v2.3.2
	github.com/stretchr/testify v1.12.1
	pgregory.net/rapid v1.3.0
)

require (
	go.yaml.in/yaml/v4 v4.0.0
	golang.org/x/exp v0.0.0-20250128182459-e0ece0dbea4c // indirect
)

require (
	github.com/google/go-cmp v0.7.0
	go.yaml.in/yaml/v3 v3.0.5 // indirect
	gopkg.in/dnaeon/go-vcr.v4 v4.0.8
)
