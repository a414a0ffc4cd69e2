"""The transport layer: gRPC servicers, gRPC-Web, protobuf messages, statuses and the request guard."""
