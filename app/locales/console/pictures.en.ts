// The picture controls' strings (dishes on /console/menu, the logo on /console/branches), English.
const pictures = {
  dishPicture: "Picture of {{name}}",
  menuPicture: "Tile picture of the menu {{name}}",
  menuPictureTitle: "Tile picture",
  noPicture: "No picture",
  logo: "Logo",
  change: "Change picture",
  takePhoto: "Take photo",
  chooseFile: "Choose file",
  upload: "Upload",
  uploading: "Uploading…",
  saved: "Picture saved. Diners see it within seconds.",
  hint: "JPEG, PNG, WebP or AVIF, up to 5 MB (a bigger photo is made smaller before it is sent).",
  shrinking: "Making the picture smaller…",
  unfit: "This picture is over 5 MB and could not be made smaller here. Choose a smaller one.",
  errors: {
    "too-large": "This picture is larger than 5 MB. Choose a smaller one.",
    "unsupported-type": "This file is not a JPEG, PNG, WebP, AVIF or GIF picture.",
    quota: "Your pictures have used up their storage. Pictures you replaced are removed after a day; try again then.",
    "bad-form": "Choose a picture first.",
    forbidden: "Your role cannot change this picture.",
    "not-found": "This item no longer exists. Reload the page.",
    "share-too-large": "The preview copy made for chat apps is larger than 300 KB. Reload the page and try again.",
    "bad-share": "The preview copy made for chat apps is not a JPEG of at most 1,200 pixels. Reload the page and try again.",
  },
};
export default pictures;
