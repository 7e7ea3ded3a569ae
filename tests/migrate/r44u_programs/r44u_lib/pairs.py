from tensorflow.compat import v1


def pairs(words, counts, epochs):
    f = [w.upper() for w in words]
    f = v1.train.slice_input_producer([f, counts], num_epochs=epochs, shuffle=False)
    return f
