#!/usr/bin/env python

"""
Module that contains queue classes for creating and processing tensorflow
objects (images, labels, etc.)

(held-out round 71: after Udo Dehm's intrinsic-image-decomposition input module -- an abstract
``DataInputQueue`` reading a ``*_data_list.csv`` of image paths with an unshuffled one-epoch producer, and a
subclass whose ``next_batch`` reads the image and its albedo and shading labels, crops them together and
shuffles them in batches -- here for yurt felt-panel photographs.
Writer changes: shorter comments; 4 batching threads became 2 and ``min_after_dequeue`` 10000 became 4 with
a seed; the crop seed is fixed (the crop covers the whole image here); the post-batch rotation is left out.)
"""

import os
import numpy as np
import typing
import tensorflow.compat.v1 as tf
import abc


__author__ = "(after Udo Dehm)"
__status__ = "Development"

__all__ = ['YurtDataInputQueue', 'DataInputQueue']


class DataInputQueue(object):
    def __init__(self,
                 path_csv_file: str,
                 batch_size: int = 2,
                 num_epochs: int = 1,
                 nr_data: typing.Optional[int] = None) -> None:
        """
        :param path_csv_file: Path to a .csv file that contains list of location
            of data files (like training, validation or testing data) and
            perhaps labels.
        :param batch_size: number of data (images) that is used for one pass
        :param num_epochs: how often each data is used in training step
        :param nr_data: (optional) the number of data. If not given, it is
            automatically calculated from the csv file.
        """

        if not isinstance(batch_size, int) or batch_size < 0:
            raise ValueError('Invalid value, batch_size must be a positive ' +
                             'integer')
        self.batch_size = batch_size

        if not isinstance(num_epochs, int) or num_epochs < 0:
            raise ValueError('Invalid value, num_epochs must be a positive ' +
                             'integer')
        self.num_epochs = num_epochs

        # define the complete path to the relevant csv data list file
        self.path_csv_file = path_csv_file

        self.nr_data = nr_data
        if not self.nr_data:
            self.nr_data = int(sum(1 for line in open(self.path_csv_file)))


    def read_csv_file(self, record_defaults=[[''], ['']]):
        """
        Builds a file name queue of rows contained in a .csv data list file
        ('*_data_list.csv').  Then it decodes each row and outputs each row in a
        queue.
        """
        filename_queue = tf.train.string_input_producer(string_tensor=[self.path_csv_file],
                                                        num_epochs=self.num_epochs,
                                                        shuffle=False,
                                                        seed=None,
                                                        capacity=32,
                                                        shared_name=None,
                                                        name='string_input_producer_'+self.path_csv_file.split('/')[-1].replace('.', '_'))
        # A Reader that outputs the lines of a file delimited by newlines:
        reader = tf.TextLineReader()
        key, value = reader.read(filename_queue)

        # decode the csv file (each read line from above is splitted by the
        # delimiter ',', a default value is neede):
        return tf.decode_csv(value, record_defaults=record_defaults)


    @abc.abstractmethod
    def preprocess_image(self, image, *args, **kwargs):
        pass

    def read_image(self, image_path, *args, **kwargs):
        """
        Takes an image path in tf tensor form decodes the image and does some
        image preprocessing if necessary.
        """
        image_path = '/'.join(self.path_csv_file.split('/')[:-1]) + '/' + \
                     image_path

        # Read and outputs the entire contents of the input filename:
        image_file = tf.read_file(image_path, name=None)

        image = tf.image.decode_image(contents=image_file#,
                                    # channels=image_shape[-1]  # default:None
                                     )
        image_preprocessed = self.preprocess_image(image, *args, **kwargs)
        return image_preprocessed

    @abc.abstractmethod
    def preprocess_label(self, *args, **kwargs):
        pass

    def read_label(self, *args, **kwargs):
        label_preprocessed = self.preprocess_label(*args, **kwargs)
        return label_preprocessed

    def input_shuffle_batch(self, tensors):
        """
        Takes tf tensor objects images and labels and creates shuffled (mini)
        batches.
        """
        min_after_dequeue = 4
        num_threads = 2
        capacity = min_after_dequeue + (num_threads + 1) * self.batch_size
        batch_list = tf.train.shuffle_batch(tensors=tensors,
                                            batch_size=self.batch_size,
                                            num_threads=num_threads,
                                            capacity=capacity,
                                            min_after_dequeue=min_after_dequeue,
                                            seed=71,
                                            name='shuffle_batch_'+self.path_csv_file.split('/')[-1].replace('.', '_')
                                           )
        return batch_list

    @abc.abstractmethod
    def next_batch(self, tensor_lst, ohe: bool=True):
        pass

    def set_image_shape(self, image, shape: typing.List[int]):
        """
        sets the shape of an image
        """
        if len(shape) not in [3]:
            raise ValueError('Shape mismatch. shape must have shape ' +
                             '[image_height, image_width, image_channels]')
        if shape[-1] not in [1, 3]:
            raise ValueError('Number of channels (third entry in ' +
                             'shape) must be either 1 (greyscale) or 3' +
                             '(rgb)')
        return image.set_shape(shape=shape)


class YurtDataInputQueue(DataInputQueue):

    def __init__(self, *args, **kwargs):
        DataInputQueue.__init__(self, *args, **kwargs)

    def preprocess_image(self,
                         image):
        """
        do some image preprocessing steps.
        """
        # scale image to [0, 1]:
        # image = image / 255
        return image

    def preprocess_label(self, label):
        return label

    def random_crop_images_and_labels(self, image_and_labels, channels,
                                      spatial_shape, data_augmentation=True):
        """
        Randomly crops `image` together with `labels`.
        """
        assert len(image_and_labels) == len(channels)
        # concat by axis=-1 ^= channels (stack images in channel dimension):
        combined_img = tf.concat(image_and_labels, axis=-1)
        try:
            # get a list of all channels, necessary for splitting images later:
            nr_channels_lst = [0]
            # total count of all channels:
            nr_channels = 0
            for image in image_and_labels:
                nr_channels_lst = tf.concat([nr_channels_lst,
                                             [tf.shape(image)[-1]]], axis=0)
                nr_channels += tf.shape(image)[-1]

            # cummulated channel numbers for separating images again:
            nr_channels_lst = tf.cumsum(nr_channels_lst)
        except TypeError:
            # a TypeError occures if the shape of an image tensor is unknown
            nr_channels = np.array(channels).sum()
            nr_channels_lst = np.array([0] + channels).cumsum()


        # scale image to [0, 1]:
        combined_img = tf.cast(combined_img, tf.float32) / 255

        if data_augmentation:
            # randomly mirror image horizontally:
            combined_img = tf.image.random_flip_left_right(image=combined_img)

        # randomly crop all stacked images:
        combined_crop = tf.random_crop(value=combined_img,
                                       size=tf.concat([spatial_shape,
                                                       [nr_channels]],
                                                      axis=0),
                                       seed=71,
                                       name='crop')
        # split stacked images again for output:
        return_lst = []
        for i in range(len(image_and_labels)):
            image_splitted = combined_crop[:, :,
                                           nr_channels_lst[i]:nr_channels_lst[i+1]]

            self.set_image_shape(image=image_splitted,
                                 shape=spatial_shape+[channels[i]])
            return_lst += [image_splitted]
        return return_lst

    def next_batch(self, image_shape, data_augmentation=False):
        """
        A 'summary' method that uses other methods of the same  class to read
        image files and their labels from a .csv data list file, decodes them
        and summarizes them in (mini) batches.
        """
        image_path, albedo_label_path, \
                shading_label_path = self.read_csv_file(record_defaults=[[''],
                                                                         [''],
                                                                         ['']])
        images = self.read_image(image_path)
        labels_albedo = self.read_image(albedo_label_path)
        labels_shading = self.read_image(shading_label_path)

        images, labels_albedo, labels_shading = \
                self.random_crop_images_and_labels(
                    image_and_labels=[images, labels_albedo, labels_shading],
                    channels=[image_shape[-1]] * 3,
                    spatial_shape=image_shape[:2],
                    data_augmentation=data_augmentation)

        return self.input_shuffle_batch([images, labels_albedo, labels_shading])
