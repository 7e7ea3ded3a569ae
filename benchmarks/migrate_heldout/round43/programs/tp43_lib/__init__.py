# tensorpack-0.1-style input plumbing (dataflow / input_data / a tiny trainer), vendored for a
# property-price project.
