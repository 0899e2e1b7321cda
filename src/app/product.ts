/** The product's name lives here and nowhere else (working name). */
export const PRODUCT_NAME = 'Courtside';
