"""Crops or pads an image and its annotation to a fixed size, marking the padded pixels as ignored."""

import tensorflow.compat.v1 as tf


def crop_or_pad_image_and_annotation(image, annotation, output_shape, mask_out_number=255):
    """Resizes both tensors to `output_shape`; annotation pixels that came from padding get `mask_out_number`."""
    annotation = tf.cast(annotation, tf.int32)
    # Shift all the classes by one -- to be able to differentiate
    # between zeros representing padded values and zeros representing
    # a particular semantic class.
    annotation_shifted_classes = annotation + 1

    cropped_padded_image = tf.image.resize_image_with_crop_or_pad(image, output_shape[0], output_shape[1])
    cropped_padded_annotation = tf.image.resize_image_with_crop_or_pad(
        annotation_shifted_classes, output_shape[0], output_shape[1])

    # After padding, the zeros are the padded pixels: give them the ignored class.
    annotation_additional_mask_out = tf.cast(
        tf.equal(cropped_padded_annotation, 0), tf.int32) * (mask_out_number + 1)
    cropped_padded_annotation = cropped_padded_annotation + annotation_additional_mask_out - 1

    return cropped_padded_image, cropped_padded_annotation
