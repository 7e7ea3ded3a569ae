__author__ = "Nasim Rahaman"


def get_input_shape(dimensions=None, num_inputs=None, known_input_shape=None,
                    default_num_inputs=2, default_dimensions=2):
    if known_input_shape is not None:
        return known_input_shape
    num_inputs = default_num_inputs if num_inputs is None else num_inputs
    dimensions = default_dimensions if dimensions is None else dimensions
    return [[None] * (dimensions + 2) for _ in range(num_inputs)]
